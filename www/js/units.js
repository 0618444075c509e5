// A file the plane standardised (its values did not fit the view): the
// learner learns plane values x′ = (x − mean)·scale, and the page says so
// and shows the numbers a reader knows, the file's own, beside them.
import { num } from './format.js';

/** The figure's transform ({ mean, scale, target }) when it learns from a standardised file, else null. */
export function transformOf(pg, data) {
  return data && pg.file_transform ? pg.file_transform() : null;
}

/** "x − 4.2", or "x + 0.066" when the mean is negative (never "x − −0.066"). */
function minus(name, mean) {
  return mean < 0 ? `${name} + ${num(-mean)}` : `${name} − ${num(mean)}`;
}

const nameOf = (names, k) => names[k] ?? `x${k + 1}`;

/** The rule in a line: "x′ = (x − 4.2)·0.31, y′ = (y − 7)·0.12". */
export function rule(transform, regression) {
  const names = regression ? ['x'] : ['x', 'y'];
  const parts = transform.mean.map((m, k) => `${nameOf(names, k)}′ = (${minus(nameOf(names, k), m)})·${num(transform.scale[k])}`);
  if (transform.target) parts.push(`y′ = (${minus('y', transform.target[0])})·${num(transform.target[1])}`);
  return parts.join(', ');
}

/**
 * The batch pocket's standardisation of the plane's points (Playground
 * batch_units()) in a line: "x′ = (x + 0.097)/0.46, y′ = (y − 0.003)/0.58".
 */
export function standardRule(units) {
  return units.mean.map((m, k) => `${nameOf(['x', 'y'], k)}′ = (${minus(nameOf(['x', 'y'], k), m)})/${num(units.divisor[k])}`).join(', ');
}

/** A plane point (x′, y′) back in the file's units. */
export function toFile(transform, x, y, regression) {
  const back = (v, k) => v / transform.scale[k] + transform.mean[k];
  if (regression) return [back(x, 0), transform.target ? y / transform.target[1] + transform.target[0] : y];
  return [back(x, 0), back(y, 1)];
}

/** The model line in the file's units, from `pg.file_weights()` (w..., b). */
export function modelLine(weights, regression) {
  if (weights.length < 2) return '';
  const b = weights.at(-1);
  if (regression) return `f(x) = ${num(weights[0])}·x + ${num(b)}`;
  return `w = (${weights.slice(0, -1).map(num).join(', ')})   b = ${num(b)}`;
}
