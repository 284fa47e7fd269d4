#!/usr/bin/env python3
"""Draws the examples' pictures (no libraries): caller.png, the face in pip.lua's window.

    python3 Examples/images/make_images.py     # writes Examples/images/caller.png
"""
import os
import struct
import zlib


def png(path, width, height, pixel):
    """Writes an RGBA PNG whose pixel (x, y) is pixel(x, y) -> (r, g, b, a) in 0..255."""
    rows = b"".join(b"\x00" + bytes(c for x in range(width) for c in pixel(x, y)) for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def mix(a, b, t):
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(len(a)))


def caller(x, y):
    """A video caller: a person (head, shoulders) against a softly lit wall, 200 x 300 px."""
    W, H = 200, 300
    color = mix((236, 214, 180), (120, 150, 170), y / H)          # the wall, warm to cool
    def inside(px, py):
        head = ((px - 100) / 40) ** 2 + ((py - 118) / 47) ** 2 <= 1
        hair = ((px - 100) / 43) ** 2 + ((py - 100) / 38) ** 2 <= 1 and py < 112
        neck = abs(px - 100) <= 16 and 150 <= py <= 190
        body = ((px - 100) / 88) ** 2 + ((py - 300) / 112) ** 2 <= 1
        collar = ((px - 100) / 26) ** 2 + ((py - 196) / 16) ** 2 <= 1
        if hair: return (58, 40, 32)
        if head: return (232, 180, 140)
        if collar: return (205, 150, 115)
        if body: return (41, 51, 92)
        if neck: return (215, 162, 125)
        return None
    samples = [inside(x + dx, y + dy) for dx in (0.25, 0.75) for dy in (0.25, 0.75)]
    r = g = b = 0
    for s in samples:
        c = s or color
        r += c[0]; g += c[1]; b += c[2]
    return (r // 4, g // 4, b // 4, 255)


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    png(os.path.join(here, "caller.png"), 200, 300, caller)
