"""Draw Mischia's app icons as PNG files with the standard library only.

The icon is two crossed blades on a dark red field. Shapes are signed
distance functions sampled 4x per pixel, so edges are smooth at any size.
Run ``python3 scripts/make_icons.py`` to (re)write ``static/icons/``; the
PNGs are committed, so the build does not need to run this.
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "icons"

FIELD = (122, 28, 32)      # deep red
BLADE = (238, 232, 220)    # parchment white
GUARD = (214, 170, 76)     # brass


def png_bytes(width: int, height: int, rows: list[bytes], alpha: bool) -> bytes:
    """Encode 8-bit RGB(A) rows as a PNG file."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    colour_type = 6 if alpha else 2
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    raw = b"".join(b"\x00" + row for row in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def seg_dist(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    """Distance from point p to segment ab."""
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def shade(x: float, y: float, rounded: bool, inset: float):
    """Colour and coverage of one sample point in unit coordinates [0, 1]."""
    if rounded:
        r = 0.18
        qx = max(abs(x - 0.5) - (0.5 - r), 0.0)
        qy = max(abs(y - 0.5) - (0.5 - r), 0.0)
        if math.hypot(qx, qy) > r:
            return None
    # map into the safe zone
    u = (x - 0.5) / inset + 0.5
    v = (y - 0.5) / inset + 0.5
    for (ax, ay, bx, by) in ((0.2, 0.8, 0.8, 0.2), (0.8, 0.8, 0.2, 0.2)):
        # blade from the tip (b) down to the guard; hilt beyond the guard
        gx, gy = ax + (bx - ax) * 0.22, ay + (by - ay) * 0.22
        if seg_dist(u, v, gx, gy, bx, by) < 0.045:
            return BLADE
        # crossguard: perpendicular bar at the guard point
        nx, ny = -(by - ay), bx - ax
        n = math.hypot(nx, ny)
        nx, ny = nx / n * 0.1, ny / n * 0.1
        if seg_dist(u, v, gx - nx, gy - ny, gx + nx, gy + ny) < 0.03:
            return GUARD
        if seg_dist(u, v, ax, ay, gx, gy) < 0.03:
            return GUARD
    return FIELD


def draw(size: int, rounded: bool, inset: float) -> bytes:
    """Render one icon; ``rounded`` cuts transparent corners, ``inset`` scales the art."""
    offsets = (0.25, 0.75)
    rows = []
    for j in range(size):
        row = bytearray()
        for i in range(size):
            r = g = b = a = 0.0
            for oy in offsets:
                for ox in offsets:
                    c = shade((i + ox) / size, (j + oy) / size, rounded, inset)
                    if c is not None:
                        r += c[0]; g += c[1]; b += c[2]; a += 1
            if a:
                row += bytes((round(r / a), round(g / a), round(b / a), round(255 * a / 4)))
            else:
                row += b"\x00\x00\x00\x00"
        rows.append(bytes(row))
    if not rounded:  # opaque icons: drop the alpha channel
        rows = [bytes(v for k, v in enumerate(row) if k % 4 != 3) for row in rows]
    return png_bytes(size, size, rows, alpha=rounded)


ICONS = {
    "icon-192.png": (192, True, 1.0),
    "icon-512.png": (512, True, 1.0),
    # maskable: full bleed, art inside the central 80 % safe zone
    "icon-maskable-512.png": (512, False, 0.72),
    "apple-touch-icon.png": (180, False, 0.85),
    "favicon-32.png": (32, True, 1.0),
}


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (size, rounded, inset) in ICONS.items():
        (OUT / name).write_bytes(draw(size, rounded, inset))
        print(f"wrote static/icons/{name} ({size}x{size})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
