// Marks stamped into an ImageData instead of stroked as paths: a canvas
// rasterises thousands of anti-aliased paths slowly without a GPU (see
// plot.js's drawPoints). Each mask is computed once per size, as flat
// (dx, dy, alpha) triples of the pixels it touches.

/** RGB packed for a little-endian Uint32 view of RGBA bytes (alpha added per pixel). */
export function packColor([r, g, b]) {
  return (b << 16) | (g << 8) | r;
}

/**
 * Anti-aliased coverage of a filled disc and of a cross (two diagonal
 * strokes) of the given radius in device pixels, as flat (dx, dy, alpha)
 * triples for the pixels they touch.
 */
export function markerMasks(radius) {
  const reach = Math.ceil(radius + 1);
  const stroke = Math.max(0.75, radius / 3.2);
  const disc = [];
  const cross = [];
  for (let dy = -reach; dy <= reach; dy++) {
    for (let dx = -reach; dx <= reach; dx++) {
      const d = Math.hypot(dx, dy);
      const inDisc = Math.min(1, Math.max(0, radius + 0.5 - d));
      if (inDisc > 0) disc.push(dx, dy, Math.round(230 * inDisc));
      const toStroke = Math.min(Math.abs(dx - dy), Math.abs(dx + dy)) / Math.SQRT2;
      const inCross = Math.min(1, Math.max(0, stroke + 0.5 - toStroke)) * Math.min(1, Math.max(0, radius + 0.5 - Math.max(Math.abs(dx), Math.abs(dy))));
      if (inCross > 0) cross.push(dx, dy, Math.round(245 * inCross));
    }
  }
  return { radius, disc: Int16Array.from(disc), cross: Int16Array.from(cross) };
}

/** An anti-aliased ring (annulus) of the given radius and stroke width. */
export function ringMask(radius, width) {
  const reach = Math.ceil(radius + width);
  const out = [];
  for (let dy = -reach; dy <= reach; dy++) {
    for (let dx = -reach; dx <= reach; dx++) {
      const cover = Math.min(1, Math.max(0, width / 2 + 0.5 - Math.abs(Math.hypot(dx, dy) - radius)));
      if (cover > 0) out.push(dx, dy, Math.round(255 * cover));
    }
  }
  return Int16Array.from(out);
}

/**
 * Stamps `mask` at (cx, cy) in `color` (packColor) with `opacity`; where
 * marks overlap, the more opaque one wins.
 */
export function stamp(words, width, cx, cy, mask, color, opacity = 1) {
  for (let m = 0; m < mask.length; m += 3) {
    const x = cx + mask[m];
    const y = cy + mask[m + 1];
    if (x < 0 || y < 0 || x >= width || y >= width) continue;
    const i = y * width + x;
    const alpha = opacity === 1 ? mask[m + 2] : Math.round(mask[m + 2] * opacity);
    if (alpha > words[i] >>> 24) words[i] = ((alpha << 24) | color) >>> 0;
  }
}
