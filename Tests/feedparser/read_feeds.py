"""Reads feed files with Python's feedparser and prints, as JSON, the fields
FeedparserOracleTests compares with Feedline's own reading: the feed's
title, and each entry's title, link, id, author and date (Unix seconds,
from published, else updated).

Usage: read_feeds.py FILE...  A file named NAME.charset-CHARSET.EXT is read
as if its server had sent "Content-Type: application/xml; charset=CHARSET".
Reads files only; sends nothing anywhere."""
import calendar
import json
import os
import sys

import feedparser


def entry_fields(entry):
    date = entry.get("published_parsed") or entry.get("updated_parsed")
    return {
        "title": entry.get("title"),
        "link": entry.get("link"),
        "id": entry.get("id"),
        "author": entry.get("author"),
        "date": calendar.timegm(date) if date else None,
    }


def read(path):
    name = os.path.basename(path)
    headers = {}
    if ".charset-" in name:
        charset = name.split(".charset-", 1)[1].rsplit(".", 1)[0]
        headers["content-type"] = "application/xml; charset=" + charset
    with open(path, "rb") as file:
        parsed = feedparser.parse(file.read(), response_headers=headers)
    return {
        "title": parsed.feed.get("title"),
        "entries": [entry_fields(entry) for entry in parsed.entries],
        "bozo": bool(parsed.bozo),
    }


if __name__ == "__main__":
    print(json.dumps({os.path.basename(path): read(path) for path in sys.argv[1:]}, ensure_ascii=False, indent=1))
