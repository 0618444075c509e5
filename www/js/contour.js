// Level lines of the scored grid by marching squares: the kernel learners'
// decision boundary f = 0 and margins f = +-1, from the same one-call grid
// the shading uses.

/**
 * Segments where the grid crosses `level`, as flat [x1, y1, x2, y2, ...]
 * in cell units (column, row of cell centres).
 */
export function contour(scores, nx, ny, level) {
  const out = [];
  const at = (i, j) => scores[j * nx + i] - level;
  // Where along an edge from value a to value b the level is crossed.
  const cut = (a, b) => a / (a - b);
  for (let j = 0; j + 1 < ny; j++) {
    for (let i = 0; i + 1 < nx; i++) {
      const a = at(i, j);         // top left
      const b = at(i + 1, j);     // top right
      const c = at(i + 1, j + 1); // bottom right
      const d = at(i, j + 1);     // bottom left
      const code = (a > 0 ? 8 : 0) | (b > 0 ? 4 : 0) | (c > 0 ? 2 : 0) | (d > 0 ? 1 : 0);
      if (code === 0 || code === 15) continue;
      const top = [i + cut(a, b), j];
      const right = [i + 1, j + cut(b, c)];
      const bottom = [i + cut(d, c), j + 1];
      const left = [i, j + cut(a, d)];
      const add = (p, q) => out.push(p[0], p[1], q[0], q[1]);
      switch (code) {
        case 1: case 14: add(left, bottom); break;
        case 2: case 13: add(bottom, right); break;
        case 3: case 12: add(left, right); break;
        case 4: case 11: add(top, right); break;
        case 6: case 9: add(top, bottom); break;
        case 7: case 8: add(left, top); break;
        case 5: case 10: {
          // A saddle: the centre's sign decides which corners connect.
          const centre = (a + b + c + d) / 4 > 0;
          if ((code === 5) === centre) { add(left, top); add(bottom, right); } else { add(left, bottom); add(top, right); }
          break;
        }
        default: break;
      }
    }
  }
  return out;
}
