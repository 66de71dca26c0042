#!/usr/bin/env python3
"""Checks a screenshot of the reconciliation report: a PNG of the expected size that is not
blank and shows the balance chart's line at the chart's width.

Reads the PNG with the standard library only (8-bit RGB or RGBA, the five scanline filters).
Exits 1 with the reason when a check fails.

    python3 scripts/check_png.py report.png --width 1040 --height 1100 --line 1f5fbf --line-width 840
"""
import argparse
import struct
import sys
import zlib


def read_png(path):
    with open(path, "rb") as handle:
        data = handle.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG")
    position, idat, header = 8, b"", None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"{path}: expected 8-bit RGB or RGBA, not interlaced; found depth {depth}, colour {colour}")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, offset = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[offset], bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[i] = (line[i] + predictor) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("png")
    parser.add_argument("--width", type=int, required=True)
    parser.add_argument("--height", type=int, required=True)
    parser.add_argument("--line", default="1f5fbf", help="the balance line's colour, RRGGBB")
    parser.add_argument("--line-width", type=int, required=True, help="the plot's width in pixels")
    arguments = parser.parse_args()
    width, height, channels, rows = read_png(arguments.png)
    problems = []
    if (width, height) != (arguments.width, arguments.height):
        problems.append(f"the screenshot is {width}x{height}; expected {arguments.width}x{arguments.height}")
    colours, inked = set(), 0
    target = bytes.fromhex(arguments.line)
    line_columns = []
    for row in rows:
        for x in range(width):
            pixel = row[x * channels:x * channels + 3]
            colours.add(pixel)
            if pixel != b"\xff\xff\xff":
                inked += 1
            if all(abs(pixel[i] - target[i]) <= 24 for i in range(3)):
                line_columns.append(x)
    share = inked / (width * height)
    if share < 0.02 or len(colours) < 16:
        problems.append(f"the page looks blank: {share:.1%} of pixels inked, {len(colours)} colours")
    if not line_columns:
        problems.append(f"no pixel of the balance line's colour #{arguments.line}: the chart was not drawn")
    else:
        span = max(line_columns) - min(line_columns)
        if abs(span - arguments.line_width) > arguments.line_width // 20:
            problems.append(f"the balance line spans {span} px; expected about {arguments.line_width} px")
    for problem in problems:
        print(f"check_png: {arguments.png}: {problem}", file=sys.stderr)
    if not problems:
        print(f"check_png: {arguments.png}: {width}x{height}, {share:.1%} inked, {len(colours)} colours, "
              f"line {max(line_columns) - min(line_columns)} px wide")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
