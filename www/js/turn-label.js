// Where the plane's "turned 24.4°" label goes: past the tip of w when
// nothing is under it, else the clearest spot around the tip, so that it
// hides no point (a point under it could not be seen, nor clicked at).
const LABEL_HEIGHT = 14; // the label's box, in CSS px
/** The spots the label may take around w's tip: distances (px) and turns from w's direction. */
const LABEL_REACH = [26, 46];
const LABEL_TURNS = [0, 0.125, -0.125, 0.25, -0.25, 0.375, -0.375, 0.5];
/** Crossing an arrow costs the label as much as covering this many points: only when every spot is crowded. */
const ARROW_CROSSING = 25;

/**
 * Where the "turned" label goes (a box `width` wide, inside `plane`):
 * past the tip of w (the first of `arrows`, unit directions from
 * `anchor`, each `length` long in plane units) when nothing is under
 * it, else the spot around the tip with the fewest points (and the
 * newest sample's ring) under it, crossing neither arrow if it can.
 */
export function labelSpot(plane, anchor, arrows, length, width, points, last) {
  const height = LABEL_HEIGHT;
  const [ux, uy] = arrows[0];
  const inside = (left, top) => ({
    left: Math.max(0, Math.min(plane.size - width, left)),
    top: Math.max(2, Math.min(plane.size - height - 2, top)),
    width,
    height,
  });
  // First, past the tip as before: beside it on the side w points to.
  const [x, y] = [plane.px(anchor[0] + ux * length * 1.2), plane.py(anchor[1] + uy * length * 1.2)];
  const spots = [inside(ux >= 0 ? x - 2 : x - width + 2, y - 10)];
  // Then around the tip, nearer first, turning away from w's direction both ways.
  const tip = [plane.px(anchor[0] + ux * length), plane.py(anchor[1] + uy * length)];
  const heading = Math.atan2(-uy, ux); // on the canvas, y grows downwards
  for (const reach of LABEL_REACH) {
    for (const turn of LABEL_TURNS) {
      const a = heading + turn * 2 * Math.PI;
      spots.push(inside(tip[0] + reach * Math.cos(a) - width / 2, tip[1] - reach * Math.sin(a) - height / 2));
    }
  }
  const mark = Math.max(2.5, plane.size / 160); // a point's marker radius (drawPoints)
  // One pass over the points keeps those near any spot (5,000 points, 17
  // spots: each point placed once, not once a spot); the spots count only those.
  const near = [];
  const reach = {
    left: Math.min(...spots.map((b) => b.left)) - mark,
    right: Math.max(...spots.map((b) => b.left + b.width)) + mark,
    top: Math.min(...spots.map((b) => b.top)) - mark,
    bottom: Math.max(...spots.map((b) => b.top + b.height)) + mark,
  };
  // (plane.px and plane.py written out: with a call and an array a point, a call over 6,239 points took 3.6 ms, now 2.3, a tenth of drawing them; measured on a loaded machine)
  const [x0, sx] = [plane.px(0), plane.px(1) - plane.px(0)];
  const [y0, sy] = [plane.py(0), plane.py(1) - plane.py(0)];
  for (let k = 0; k < points.length; k += 3) {
    const px = x0 + sx * points[k];
    if (px < reach.left || px > reach.right) continue;
    const py = y0 + sy * points[k + 1];
    if (py >= reach.top && py <= reach.bottom) near.push(px, py, mark);
  }
  if (last) near.push(plane.px(last.x), plane.py(last.y), Math.max(7, plane.size / 60)); // the newest sample's ring
  const covered = (box) => {
    let n = 0;
    for (let k = 0; k < near.length; k += 3) {
      const r = near[k + 2];
      if (near[k] >= box.left - r && near[k] <= box.left + box.width + r && near[k + 1] >= box.top - r && near[k + 1] <= box.top + box.height + r) n += 1;
    }
    return n;
  };
  // An arrow through the box: its shaft sampled from the anchor to past its head.
  const crosses = (box) => arrows.some(([ax, ay]) => {
    for (let i = 0; i <= 16; i++) {
      const f = (i / 16) * length * 1.05;
      const [px, py] = [plane.px(anchor[0] + ax * f), plane.py(anchor[1] + ay * f)];
      if (px >= box.left - 2 && px <= box.left + box.width + 2 && py >= box.top - 2 && py <= box.top + box.height + 2) return true;
    }
    return false;
  });
  let best = null;
  for (const box of spots) {
    const cost = covered(box) + (crosses(box) ? ARROW_CROSSING : 0);
    if (best === null || cost < best.cost) best = { box, cost };
    if (cost === 0) break;
  }
  return best.box;
}
