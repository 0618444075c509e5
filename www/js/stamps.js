// Marks stamped into an ImageData instead of stroked as paths: a canvas
// rasterises thousands of anti-aliased paths slowly without a GPU (see
// plot.js's drawPoints). Each mask is computed once per size, as flat
// (dx, dy, alpha) triples of the pixels it touches.

/** RGB packed for a little-endian Uint32 view of RGBA bytes (alpha added per pixel). */
export function packColor([r, g, b]) {
  return (b << 16) | (g << 8) | r;
}

/**
 * Anti-aliased coverage of each class's mark of the given radius in device
 * pixels (a filled disc, a cross of two diagonal strokes, a triangle, a
 * square, a diamond, a plus: classes.js's shapes), as flat (dx, dy, alpha)
 * triples for the pixels they touch.
 */
export function markerMasks(radius) {
  const reach = Math.ceil(radius + 1);
  const stroke = Math.max(0.75, radius / 3.2);
  const cover = (inside) => Math.min(1, Math.max(0, 0.5 + inside));
  // How far inside each shape (dx, dy) lies, in pixels (negative: outside).
  const inside = {
    disc: (dx, dy) => radius - Math.hypot(dx, dy),
    cross: (dx, dy) => Math.min(stroke - Math.min(Math.abs(dx - dy), Math.abs(dx + dy)) / Math.SQRT2, radius - Math.max(Math.abs(dx), Math.abs(dy))),
    // Pointing up, its corners on a circle of 1.25 radius (edges at half that).
    triangle: (dx, dy) => 0.625 * radius - Math.max(dy, 0.866 * dx - 0.5 * dy, -0.866 * dx - 0.5 * dy),
    square: (dx, dy) => 0.85 * radius - Math.max(Math.abs(dx), Math.abs(dy)),
    diamond: (dx, dy) => 0.85 * radius - (Math.abs(dx) + Math.abs(dy)) / Math.SQRT2,
    plus: (dx, dy) => Math.min(stroke - Math.min(Math.abs(dx), Math.abs(dy)), radius - Math.max(Math.abs(dx), Math.abs(dy))),
  };
  const masks = { radius };
  for (const [shape, depth] of Object.entries(inside)) {
    const out = [];
    for (let dy = -reach - 1; dy <= reach + 1; dy++) {
      for (let dx = -reach - 1; dx <= reach + 1; dx++) {
        const c = cover(depth(dx, dy));
        if (c > 0) out.push(dx, dy, Math.round((shape === 'disc' ? 230 : 245) * c));
      }
    }
    masks[shape] = Int16Array.from(out);
  }
  return masks;
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
