// Rows a script gives an <online-learner> (`el.feed(x, y)`: a notebook's
// NumPy arrays, a host page's data), learned in order in place of the
// synthetic stream, as the figure plays or steps (embed.js, advance).
// Loaded on the first feed, so a figure that is never fed downloads none
// of it.
//
// Each row becomes a point on the plane, learned as a click is (and so
// kept in the figure's link, and replayed when an attribute rebuilds it):
// classification rows are (x1, x2) with a class label, regression rows
// (x) with the target as the plane's height.

/** The plane's extent, as the learner core's MAX_COORDINATE. */
const LIMIT = 10;

export class Fed {
  constructor() {
    this.rows = []; // [x, y, label], as pg.click takes them
    this.next = 0;
  }

  /**
   * Queues rows after checking all of them, so that a bad row refuses the
   * whole call and nothing half-arrives: x holds [x1, x2] (or [x] for a
   * regression) per row, y the labels or targets.
   */
  add(x, y) {
    const n = x?.length;
    if (!Number.isInteger(n) || y?.length !== n) throw new Error(`x has ${n} rows and y has ${y?.length} values; they must match`);
    const rows = [];
    for (let i = 0; i < n; i++) {
      const row = Array.from(x[i] ?? []);
      const target = Number(y[i]);
      if (row.length !== 1 && row.length !== 2) throw new Error(`row ${i} has ${row.length} features; the plane takes 2 (or 1 and a target)`);
      for (const v of [...row, target]) {
        if (!Number.isFinite(Number(v))) throw new Error(`row ${i} holds ${v}, not a finite number`);
      }
      for (const v of row.length === 2 ? row : [row[0], target]) {
        if (Math.abs(v) > LIMIT) throw new Error(`row ${i} holds ${v}, outside the plane's ±${LIMIT}`);
      }
      rows.push(row.length === 2 ? [Number(row[0]), Number(row[1]), target] : [Number(row[0]), target, 0]);
    }
    this.rows.push(...rows);
  }

  /** Learns up to `k` more rows on `pg` (the element pauses a playing figure once none is left). */
  learn(pg, k) {
    const end = Math.min(this.next + k, this.rows.length);
    while (this.next < end) {
      const [x, y, label] = this.rows[this.next];
      this.next += 1; // a refused row is passed over, not retried every frame
      pg.click(x, y, label);
    }
  }

  get left() {
    return this.rows.length - this.next;
  }
}
