#!/usr/bin/env python3
"""Makes Feedline's busy spinner, `feedline-working-symbolic`, as GTK's
pre-rendered symbolic PNGs (`*.symbolic.png`): 16 × 16 and 32 × 32 (for
scale 2) in data/icons/hicolor/.

Why not the theme's `process-working-symbolic`: Adwaita ships that one
only as SVG, and drawing it makes GTK 4.8 load gdk-pixbuf's SVG loader
and librsvg (about 7 MiB resident, loaded on the main thread during the
first frames) for this one icon; every other icon Feedline shows has a
symbolic PNG. GtkSpinner draws whatever CSS names (FeedlineStyle.css).

A symbolic PNG keeps the shape in its alpha channel and the colour
classes in red, green and blue (all 0: the foreground colour), so GTK
paints it in the text colour of the theme, light or dark.

The drawing: a faint full ring and a quarter of it solid, with round
ends; GTK's CSS turns it. Standard library only; run

    python3 data/tools/make-spinner-icon.py
"""

import math
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ICONS = os.path.join(HERE, "..", "icons", "hicolor")
NAME = "feedline-working-symbolic.symbolic.png"
SAMPLES = 8  # per pixel and axis


def coverage(size):
    """Alpha (0…255) of each pixel, row by row."""
    centre = size / 2
    outer = size * 7 / 16
    width = size * 2 / 16
    middle = outer - width / 2
    arc = math.pi / 2  # the solid part, from 12 o'clock clockwise
    ends = [(centre + middle * math.sin(a), centre - middle * math.cos(a)) for a in (0, arc)]
    rows = []
    for y in range(size):
        row = []
        for x in range(size):
            total = 0.0
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    px = x + (sx + 0.5) / SAMPLES
                    py = y + (sy + 0.5) / SAMPLES
                    distance = math.hypot(px - centre, py - centre)
                    angle = math.atan2(px - centre, centre - py) % (2 * math.pi)
                    on_ring = abs(distance - middle) <= width / 2
                    on_arc = on_ring and angle <= arc
                    on_cap = any(math.hypot(px - ex, py - ey) <= width / 2 for ex, ey in ends)
                    total += 1.0 if on_arc or on_cap else 0.3 if on_ring else 0.0
            row.append(round(255 * total / SAMPLES ** 2))
        rows.append(row)
    return rows


def png(size, alpha):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + b"".join(bytes((0, 0, 0, a)) for a in row) for row in alpha)
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main():
    for folder, size in (("16x16", 16), ("16x16@2", 32)):
        path = os.path.join(ICONS, folder, "status", NAME)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as out:
            out.write(png(size, coverage(size)))
        print(os.path.relpath(path))


if __name__ == "__main__":
    main()
