#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# png_check.py PNG: whether a screenshot shows a drawing, not an empty or
# an error page: at least 12 colours, and at least 1.5 % of the pixels
# coloured (not grey: their channels 20 apart or more), where a viewer's
# own black, white and grey frame around an empty or an error page has a
# few tenths of a percent.  8-bit RGB or RGBA PNGs, read with the
# standard library.  Prints what it found; exits 1 if empty.

import struct
import sys
import zlib


def pixels(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, width = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            if depth != 8 or colour not in (2, 6):
                raise ValueError("not 8-bit RGB(A)")
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    if width is None:
        raise ValueError("no header")
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    prev = bytearray(stride)
    rows = []
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def main():
    width, height, bpp, rows = pixels(sys.argv[1])
    counts = {}
    coloured = 0
    for line in rows[::2]:
        for x in range(0, len(line), bpp * 2):
            px = line[x:x + 3]
            counts[px] = counts.get(px, 0) + 1
            if max(px) - min(px) >= 20:
                coloured += 1
    total = sum(counts.values())
    share = 100.0 * coloured / total
    print(f"{sys.argv[1]}: {width}x{height}, {len(counts)} colours, {share:.1f} % coloured")
    sys.exit(0 if len(counts) >= 12 and share >= 1.5 else 1)


if __name__ == "__main__":
    main()
