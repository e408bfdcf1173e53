#!/usr/bin/env python3
"""Seeds for scripts/fuzz, made at run time from the project's own tests:
the string literals in Tests/FeedCoreTests/*.swift,
Tests/FeedTestSupport/*.swift and Sources/Loopback/*.swift (XML, JSON,
HTML, Link headers, dates, blurhashes, rate-limit headers), a few items of
data/sample-feed.json and the hand-written inputs in Fuzz/seeds/<target>/.

    seeds.py REPO OUT      writes OUT/<target>/<sha1> for every target
"""
import glob
import hashlib
import json
import os
import re
import sys

repo, out = sys.argv[1], sys.argv[2]
targets = ["xml", "feed", "jsonfeed", "mastodon", "github", "hackernews",
           "plaintext", "richtext", "linkheader", "dates", "blurhash", "ratelimit"]
seeds = {name: set() for name in targets}

ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", '"': '"', "'": "'", "\\": "\\"}


def unescape(text, raw):
    if raw:
        return text
    def one(match):
        body = match.group(1)
        if body.startswith("u{"):
            try:
                return chr(int(body[2:-1], 16))
            except ValueError:
                return ""
        return ESCAPES.get(body, body)
    return re.sub(r"\\(u\{[0-9a-fA-F]+\}|.)", one, text, flags=re.S)


def literals(source):
    """Swift string literals: multi-line ones (their indentation taken
    off as Swift does) and one-line ones, plain or raw (#"..."#)."""
    for match in re.finditer(r'(#?)"""\n(.*?)\n([ \t]*)"""\1', source, re.S):
        indent = match.group(3)
        lines = [line[len(indent):] if line.startswith(indent) else line.lstrip()
                 for line in match.group(2).split("\n")]
        yield unescape("\n".join(lines), bool(match.group(1)))
    source = re.sub(r'#?"""\n.*?\n[ \t]*"""#?', "", source, flags=re.S)
    for match in re.finditer(r'#"(.*?)"#', source):
        yield match.group(1)
    source = re.sub(r'#".*?"#', "", source)
    for match in re.finditer(r'"((?:[^"\\\n]|\\.)*)"', source):
        yield unescape(match.group(1), False)


def add(name, text):
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if data:
        seeds[name].add(data)


BASE83 = re.compile(r"^[0-9A-Za-z#$%*+,\-.:;=?@\[\]^_{|}~]{6,166}$")
files = sorted(glob.glob(os.path.join(repo, "Tests/FeedCoreTests/*.swift"))
               + glob.glob(os.path.join(repo, "Tests/FeedTestSupport/*.swift"))
               + glob.glob(os.path.join(repo, "Sources/Loopback/*.swift")))
for path in files:
    base = os.path.basename(path)
    for text in literals(open(path, encoding="utf-8").read()):
        stripped = text.strip()
        if re.search(r"<(\?xml|rss|feed|rdf:RDF|channel|entry|item)\b", text):
            add("xml", text)
            add("feed", text)
        elif stripped[:1] in "{[" and len(stripped) > 1:
            for name in ["jsonfeed", "mastodon", "github", "hackernews", "feed"]:
                add(name, text)
        if "<" in text and ">" in text or "&" in text:
            add("plaintext", text)
            add("richtext", text)
        if base == "LinkHeaderTests.swift" or "rel=" in text:
            add("linkheader", text)
        if len(text) < 100 and re.search(r"\d\d:\d\d|\d{4}-\d\d|GMT|UTC|[+-]\d{4}\b", text):
            add("dates", text)
            add("ratelimit", text)
        if base == "FeedDatesTests.swift" and len(text) < 100:
            add("dates", text)
        if base == "RateLimitTests.swift" and len(text) < 100:
            add("ratelimit", text)
            add("ratelimit", "\n0\n" + text)
        if BASE83.match(text) and (base in ("BlurhashTests.swift", "MastodonPostTests.swift", "MastodonPosts.swift")
                                   or len(text) >= 20):
            add("blurhash", text)
            add("blurhash", text + "\n\x60\x50\x40")

# A few items of the sample feed, and their HTML.
sample = os.path.join(repo, "data/sample-feed.json")
if os.path.exists(sample):
    feed = json.load(open(sample, encoding="utf-8"))
    items = feed.get("items", [])
    for count in (1, 3):
        small = dict(feed, items=items[:count])
        add("jsonfeed", json.dumps(small))
        add("feed", json.dumps(small))
    for item in items[:20]:
        for key in ("content_html", "summary"):
            if isinstance(item.get(key), str) and len(item[key]) < 16384:
                add("plaintext", item[key])
                add("richtext", item[key])

# Hand-written ones.
# Hand-written ones: XML and JSON Feed ones also seed the format sniffer,
# HTML both converters.
also = {"xml": ["feed"], "jsonfeed": ["feed"], "richtext": ["plaintext"], "plaintext": ["richtext"]}
for name in targets:
    for path in glob.glob(os.path.join(repo, "Fuzz/seeds", name, "*")):
        for target in [name] + also.get(name, []):
            add(target, open(path, "rb").read())

for name, inputs in seeds.items():
    folder = os.path.join(out, name)
    os.makedirs(folder, exist_ok=True)
    for data in inputs:
        with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), "wb") as file:
            file.write(data)
print("seeds: " + ", ".join(f"{name} {len(inputs)}" for name, inputs in seeds.items()))
