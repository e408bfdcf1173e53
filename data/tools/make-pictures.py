#!/usr/bin/env python3
"""Makes the sample feed's pictures and points the feed at them:

- one 48 × 48 PNG identicon per author (a mirrored 5 × 5 pattern in a
  colour from a hash of the name) in data/avatars/, as each author's
  "avatar";
- an abstract picture (flat shapes in colours from a hash of the item's
  id) for every seventh item, in data/pictures/, in one of four shapes
  (4:3, 1:1, 16:9, 3:4), as the item's "image", with its size in
  Feedline's JSON Feed extension ("_feedline": {"image_width",
  "image_height"}) so rows can hold its place before it loads.

Addresses are relative to the feed file. Run after tools/make-sample-feed.py
(which writes the feed without them):

    python3 data/tools/make-pictures.py

Standard library only. The pictures are made from nothing but names and
ids: they are original, and licensed like the code (GPL-3.0-or-later).
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
PICTURES = os.path.join(DATA, "pictures")
SHAPES = [(160, 120), (120, 120), (192, 108), (120, 160)]
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


def picture(item_id, width, height):
    digest = hashlib.sha1(item_id.encode()).digest()
    hue = digest[0] / 255
    colours = [[round(c * 255) for c in colorsys.hls_to_rgb((hue + shift) % 1, light, 0.55)]
               for shift, light in ((0, 0.82), (0.08, 0.55), (0.5, 0.45), (0.92, 0.65))]
    # A sky, a hill and a sun: two circles and a band, placed by the hash.
    sun = (width * (0.2 + digest[1] / 400), height * (0.25 + digest[2] / 900), min(width, height) * 0.16)
    hill = (width * (0.3 + digest[3] / 500), height * 1.25, max(width, height) * (0.55 + digest[4] / 1000))
    band = height * (0.72 + digest[5] / 2000)
    rows = []
    for y in range(height):
        line = bytearray([0])
        for x in range(width):
            colour = colours[0]
            if (x - sun[0]) ** 2 + (y - sun[1]) ** 2 < sun[2] ** 2:
                colour = colours[3]
            if y > band:
                colour = colours[2]
            if (x - hill[0]) ** 2 + (y - hill[1]) ** 2 < hill[2] ** 2:
                colour = colours[1]
            line += bytes(colour)
        rows.append(bytes(line))
    return png(width, height, b"".join(rows))


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
    os.makedirs(PICTURES, exist_ok=True)
    pictures = 0
    for index, item in enumerate(feed["items"]):
        if index % 7 != 0:
            continue
        width, height = SHAPES[pictures % len(SHAPES)]
        name = f"{slug(item['id'])}.png"
        with open(os.path.join(PICTURES, name), "wb") as f:
            f.write(picture(item["id"], width, height))
        item["image"] = f"pictures/{name}"
        item["_feedline"] = {"image_width": width, "image_height": height}
        pictures += 1
    with open(FEED, "w", encoding="utf-8") as f:
        json.dump(feed, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"make-pictures: {len(names)} author pictures in {AVATARS}, {pictures} item pictures in {PICTURES}")


if __name__ == "__main__":
    main()
