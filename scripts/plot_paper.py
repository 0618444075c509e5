#!/usr/bin/env python3
"""Draws `onlinelearn paper --out` results as an SVG: test misclassification
rate against dictionary size (log scale), one line per learner through its
settings, with the spread over shuffles as error bars. Standard library only.

    python3 scripts/plot_paper.py results/a3a-sigma1.csv "a3a, sigma = 1"
"""

import csv
import math
import sys
from collections import defaultdict

COLORS = ["#1d232b", "#e0701f", "#2563ad", "#0b7a75", "#9c27b0", "#c0392b", "#7f8c8d", "#d4a017"]
W, H = 760, 440
LEFT, RIGHT, TOP, BOTTOM = 60, 190, 40, 50


def main():
    path, title = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else sys.argv[1]
    lines = defaultdict(list)
    with open(path) as f:
        for row in csv.DictReader(f):
            lines[row["learner"]].append((float(row["dictionary_mean"]), float(row["test_error_mean"]), float(row["test_error_sd"])))
    xs = [d for pts in lines.values() for d, _, _ in pts]
    ys = [e for pts in lines.values() for _, e, _ in pts]
    x_lo, x_hi = math.log10(max(min(xs), 1)) - 0.05, math.log10(max(xs)) + 0.05
    y_lo, y_hi = max(0.0, min(ys) - 0.02), min(0.8, max(ys) + 0.02)

    def px(d):
        return LEFT + (math.log10(max(d, 1)) - x_lo) / (x_hi - x_lo) * (W - LEFT - RIGHT)

    def py(e):
        return TOP + (y_hi - min(max(e, y_lo), y_hi)) / (y_hi - y_lo) * (H - TOP - BOTTOM)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{LEFT}" y="22" font-size="14" font-weight="bold">{title}: test misclassification rate against dictionary size</text>']
    for k in range(0, 5):
        e = y_lo + k * (y_hi - y_lo) / 4
        out.append(f'<line x1="{LEFT}" x2="{W - RIGHT}" y1="{py(e):.1f}" y2="{py(e):.1f}" stroke="#e3e6ea"/>')
        out.append(f'<text x="{LEFT - 8}" y="{py(e) + 4:.1f}" text-anchor="end">{e:.2f}</text>')
    for p in range(0, 6):
        d = 10 ** p
        if x_lo <= p <= x_hi:
            out.append(f'<line x1="{px(d):.1f}" x2="{px(d):.1f}" y1="{TOP}" y2="{H - BOTTOM}" stroke="#e3e6ea"/>')
            out.append(f'<text x="{px(d):.1f}" y="{H - BOTTOM + 16}" text-anchor="middle">{d}</text>')
    out.append(f'<text x="{(LEFT + W - RIGHT) / 2}" y="{H - 12}" text-anchor="middle">dictionary size (support vectors, log scale)</text>')
    for i, (learner, pts) in enumerate(lines.items()):
        color = COLORS[i % len(COLORS)]
        pts.sort()
        path_d = " ".join(f"{'M' if j == 0 else 'L'}{px(d):.1f},{py(e):.1f}" for j, (d, e, _) in enumerate(pts))
        dash = ' stroke-dasharray="6 3"' if learner == "ald-projection" else ""
        width = 3 if learner == "ald-projection" else 1.8
        out.append(f'<path d="{path_d}" fill="none" stroke="{color}" stroke-width="{width}"{dash}/>')
        for d, e, sd in pts:
            out.append(f'<line x1="{px(d):.1f}" x2="{px(d):.1f}" y1="{py(e - sd):.1f}" y2="{py(e + sd):.1f}" stroke="{color}" opacity="0.2"/>')
            out.append(f'<circle cx="{px(d):.1f}" cy="{py(e):.1f}" r="3" fill="{color}"/>')
        y = TOP + 16 + i * 20
        out.append(f'<line x1="{W - RIGHT + 16}" x2="{W - RIGHT + 40}" y1="{y - 4}" y2="{y - 4}" stroke="{color}" stroke-width="{width}"{dash}/>')
        out.append(f'<text x="{W - RIGHT + 46}" y="{y}">{learner}</text>')
    out.append("</svg>")
    target = path.rsplit(".", 1)[0] + ".svg"
    with open(target, "w") as f:
        f.write("\n".join(out) + "\n")
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
