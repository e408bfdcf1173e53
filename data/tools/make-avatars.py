#!/usr/bin/env python3
"""Makes the sample feed's author pictures: one 48 × 48 PNG identicon per
author (a mirrored 5 × 5 pattern in a colour from a hash of the name) in
data/avatars/, and points each author of data/sample-feed.json at theirs
("avatar": "avatars/<slug>.png", relative to the feed file).

Run after tools/make-sample-feed.py (which writes the feed without them):

    python3 data/tools/make-avatars.py

Standard library only. The pictures are made from nothing but the names:
they are original, and licensed like the code (GPL-3.0-or-later).
"""

import colorsys
import hashlib
import json
import os
import re
import struct
import unicodedata
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.dirname(HERE)
FEED = os.path.join(DATA, "sample-feed.json")
AVATARS = os.path.join(DATA, "avatars")
SIZE, CELLS, MARGIN = 48, 5, 4


def slug(name):
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "someone"


def identicon(name):
    digest = hashlib.sha1(name.encode()).digest()
    hue = digest[0] / 255
    fg = [round(c * 255) for c in colorsys.hls_to_rgb(hue, 0.45, 0.55)]
    bg = [round(c * 255) for c in colorsys.hls_to_rgb(hue, 0.90, 0.45)]
    # Left three columns from the hash, mirrored to the right.
    on = [[False] * CELLS for _ in range(CELLS)]
    for row in range(CELLS):
        for col in range(3):
            bit = (digest[1 + row] >> col) & 1
            on[row][col] = on[row][CELLS - 1 - col] = bool(bit)
    cell = (SIZE - 2 * MARGIN) // CELLS
    rows = []
    for y in range(SIZE):
        line = bytearray([0])  # filter: none
        for x in range(SIZE):
            cx, cy = (x - MARGIN) // cell, (y - MARGIN) // cell
            inside = 0 <= cx < CELLS and 0 <= cy < CELLS and x >= MARGIN and y >= MARGIN
            line += bytes(fg if inside and on[cy][cx] else bg)
        rows.append(bytes(line))
    return png(SIZE, SIZE, b"".join(rows))


def png(width, height, raw):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def main():
    with open(FEED, encoding="utf-8") as f:
        feed = json.load(f)
    os.makedirs(AVATARS, exist_ok=True)
    names = set()
    for item in feed["items"]:
        for author in item.get("authors", []):
            if author.get("name"):
                names.add(author["name"])
                author["avatar"] = f"avatars/{slug(author['name'])}.png"
    for name in sorted(names):
        with open(os.path.join(AVATARS, f"{slug(name)}.png"), "wb") as f:
            f.write(identicon(name))
    with open(FEED, "w", encoding="utf-8") as f:
        json.dump(feed, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"make-avatars: {len(names)} pictures in {AVATARS}")


if __name__ == "__main__":
    main()
