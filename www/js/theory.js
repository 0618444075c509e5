// The Theory layer: how well the learner does against the best fixed
// classifiers in hindsight, and why theory says it must. On the plane, the
// comparators as dashed lines (each can be hidden); beside the curves, a
// panel with their numbers, the learner's bounds (the theorems' own
// statements) and its regret, and two charts: a bound over the count it
// bounds, and the regret. Loaded on first use with the page's full module,
// whose wasm computes all of it (src/playground/theory_part.rs); the
// playground and the <online-learner> element are its hosts.
import { Chart } from './chart.js';
import { label } from './catalogue.js';
import { element, placeStyled } from './dom.js';
import { language, t, usePart } from './i18n.js';
import { CURVE } from './palette.js';
import { boundTitle, renderTheory } from './theory-panel.js';

/** While playing or searching, the panel and the charts are refreshed this often. */
const REFRESH_MS = 250;
/** The time a frame gives the fewest-mistakes search, shared by the figures. */
const SEARCH_MS = 5;

/** The comparators drawn on the plane, in the panel's order. */
export const LINES = [
// Colours apart from the plane's own: the classes' orange and blue, w's teal, the last sample's red ring.
  { key: 'hard', color: '#1b7f3b', dash: [9, 5], label: () => t('u*, the hard-margin separator') },
  { key: 'hinge', color: '#7b3fa0', dash: [4, 4], label: () => t('the hinge-loss minimiser') },
  { key: 'squared', color: '#8d6e63', dash: [12, 4, 2, 4], label: () => t('the squared-hinge minimiser') },
  { key: 'best', color: '#c2185b', dash: [2, 4], label: () => t('the line with the fewest mistakes') },
];

/** [w1, w2, b] of each comparator the report holds (u has the bias last when there is one). */
function comparators(report) {
  if (!report) return {};
  const line = (u) => (u ? [u[0], u[1], u[2] ?? 0] : null);
  return {
    hard: line(report.hard_margin_u),
    hinge: line(report.hinge_best?.u),
    squared: line(report.squared_hinge_best?.u),
    best: report.zero_one_best?.line ?? null,
  };
}

/** The layer on `host` (`figures`, `playing`, `loop`), its panel in `place`. */
export async function attachTheory(host, place) {
  // Without its words (a failed download), the layer still works, in English.
  await usePart('theory').catch(() => {});
  // A new place, or a language switched since the panel was built: its
  // headings, legends and menus are built again, the reader's choices kept.
  const old = host.theory;
  if (!old || old.place !== place || old.lang !== language()) {
    old?.detach();
    host.theory = new TheoryLayer(host, place, old?.choices());
  }
  host.theory.define();
  return host.theory;
}

export class TheoryLayer {
  constructor(host, place, { hidden = new Set(), open = new Set(), bound = 0 } = {}) {
    this.host = host;
    this.place = place;
    this.lang = language(); // the language its words were built in
    this.hidden = hidden;
    this.open = open; // the bounds whose statement the reader opened
    this.bound = bound; // the bound the chart follows (one figure)
    this.select = element('select', { 'aria-label': t('The bound the chart shows') });
    this.select.addEventListener('change', () => {
      this.bound = Number(this.select.value);
      this.drawCharts(this.host.figures);
    });
    this.panel = element('div', { class: 'theory-numbers', 'aria-live': 'polite' });
    this.toggles = element('div', { class: 'theory-lines', role: 'group', 'aria-label': t('Lines drawn on the plane') });
    const canvas = (text) => element('canvas', { class: 'chart', width: 360, height: 130, role: 'img', 'aria-label': text });
    this.boundCanvas = canvas(t('A bound and the count it bounds, over samples'));
    this.regretCanvas = canvas(t('Regret against the best fixed classifiers, over samples'));
    const legend = () => element('div', { class: 'chart-legend' });
    this.boundChart = new Chart(this.boundCanvas, legend(), { fixedY: false, yMax: 4, gaps: true });
    this.regretChart = new Chart(this.regretCanvas, legend(), { fixedY: false, yMax: 4, signed: true, gaps: true });
    this.root = element('section', { class: 'theory', 'aria-label': t('Theory') },
      element('h2', {}, t('Theory: how well, and why')),
      this.toggles, this.panel,
      element('h3', {}, t('Bound and count')), this.select, this.boundCanvas, this.boundChart.legend,
      element('h3', {}, t('Regret')), this.regretCanvas, this.regretChart.legend);
    placeStyled(place, this.root, new URL('../theory.css', import.meta.url).href);
    this.buildToggles();
  }

  /** What the reader chose (hidden lines, opened statements, the chart's bound), for a rebuilt layer. */
  choices() {
    return { hidden: this.hidden, open: this.open, bound: this.bound };
  }

  /** The lines' switches: each comparator can be hidden. */
  buildToggles() {
    this.toggles.replaceChildren(...LINES.map((line) => {
      const box = element('input', { type: 'checkbox' });
      box.checked = !this.hidden.has(line.key);
      box.addEventListener('change', () => {
        if (box.checked) this.hidden.delete(line.key);
        else this.hidden.add(line.key);
        for (const figure of this.host.figures) figure.redraw();
        this.host.loop.changed();
      });
      const swatch = element('i', { class: `theory-swatch ${line.key}` });
      return element('label', { class: `theory-toggle ${line.key}`, hidden: true }, box, swatch, line.label());
    }));
  }

  /** Shows the switch of each line some figure has. */
  syncToggles() {
    const figures = this.host.figures;
    LINES.forEach((line, k) => {
      this.toggles.children[k].hidden = !figures.some((f) => f.decors.theory?.lines?.[line.key]);
    });
  }

  /** New figures, a reset or a replay: everything is read afresh. */
  define() {
    for (const figure of this.host.figures) {
      figure.theory = null;
      figure.decors.theory = { key: '', draw: (ctx, plane) => this.drawLines(ctx, plane, figure) };
    }
    this.seen = null;
    this.last = -Infinity;
    this.host.loop.changed();
  }

  /** Off: the panel goes, the planes lose their lines. */
  detach() {
    for (const figure of this.host.figures) {
      delete figure.decors.theory;
      figure.theory = null;
      figure.redraw();
    }
    this.place.replaceChildren();
    this.place.hidden = true;
    if (this.host.theory === this) this.host.theory = null;
  }

  /** A frame: the search goes on in the time left, and what changed is shown. */
  frame(now) {
    const figures = this.host.figures;
    const searching = searchOnce(figures);
    if (searching) this.host.loop.changed(); // the search goes on next frame
    // The search's progress and each session's samples: a change to show.
    const seen = figures.map((f) => `${f.pg.counts().samples}:${f.pg.algorithm()}`).join(',') + (searching ? ':s' : '');
    if (seen === this.seen && !searching) return;
    // While playing or searching, shown a few times a second: the panel and
    // the charts of three Compare panels take 20 to 30 ms, which every
    // paused frame of a search spent again (frames of 51 to 66 ms after a
    // timeline click, target/probe/cmptl.mjs); the search's end is shown at once.
    if ((this.host.playing || searching) && now - this.last < REFRESH_MS) return;
    this.seen = seen;
    this.last = now;
    this.refresh();
  }

  /** Reads every figure's theory, redraws the lines that moved, the panel and the charts. */
  refresh() {
    const figures = this.host.figures;
    for (const figure of figures) {
      figure.theory = figure.pg.theory();
      const lines = comparators(figure.theory?.report);
      const key = JSON.stringify(lines);
      const decor = figure.decors.theory;
      if (decor && decor.key !== key) {
        decor.lines = lines;
        decor.key = key;
        this.host.loop.changed();
      }
    }
    this.syncToggles();
    renderTheory(this.panel, figures, { many: figures.length > 1, open: this.open });
    this.drawCharts(figures);
  }

  /** The bound chart (a bound dashed over its count) and the regret chart, for every figure. */
  drawCharts(figures) {
    const many = figures.length > 1;
    this.boundChart.clear();
    this.regretChart.clear();
    figures.forEach((figure, i) => {
      const curves = figure.pg.theory_curves();
      if (i === 0) this.chooser(many ? [] : curves?.bounds ?? []);
      if (!curves) return;
      const name = many ? `${label(figure.pg.algorithm())}: ` : '';
      const color = many ? figure.color : CURVE.online;
      const k = many ? firstApplying(curves.bounds) : Math.min(this.bound, curves.bounds.length - 1);
      const bound = curves.bounds[k];
      if (bound) {
        const counts = t(bound.counts);
        this.boundChart.define(`${i}:actual`, { label: name + counts, color });
        this.boundChart.append(`${i}:actual`, curves.samples, bound.actual);
        // A learner without a bound (or before its first value) draws only its count.
        if (bound.value.some((v) => v != null)) {
          this.boundChart.define(`${i}:bound`, { label: name + t('its bound ({name})', { name: boundTitle(bound) }), color: many ? color : '#1b7f3b', dash: true });
          this.boundChart.append(`${i}:bound`, curves.samples, bound.value.map((v) => v ?? NaN));
        }
      }
      this.regretChart.define(`${i}:hinge`, { label: name + t('hinge-loss regret'), color: many ? color : '#7b3fa0' });
      this.regretChart.append(`${i}:hinge`, curves.samples, curves.hinge_regret);
      if (curves.zero_one_regret.length) {
        this.regretChart.define(`${i}:zero-one`, { label: name + t('mistakes regret'), color: many ? color : '#c2185b', dash: true });
        this.regretChart.append(`${i}:zero-one`, curves.zero_one_regret.map((p) => p[0]), curves.zero_one_regret.map((p) => p[1]));
      }
    });
  }

  /** One learner: which of its bounds the chart follows (hidden when it has one or none). */
  chooser(bounds) {
    const names = bounds.map((b) => b.name);
    if (names.join() !== this.chosen) {
      this.chosen = names.join();
      this.select.replaceChildren(...bounds.map((b, k) => new Option(boundTitle(b), String(k))));
      this.bound = Math.min(this.bound, Math.max(0, names.length - 1));
    }
    this.select.value = String(this.bound);
    this.select.hidden = names.length < 2;
  }

  /** The comparators on a figure's plane (the overlay calls it after its own lines). */
  drawLines(ctx, plane, figure) {
    const lines = figure.decors.theory?.lines ?? {};
    for (const line of LINES) {
      const w = lines[line.key];
      if (w && !this.hidden.has(line.key)) plane.line(ctx, w[0], w[1], w[2], { color: line.color, width: 2, dash: line.dash });
    }
  }
}

/** The first bound with a value at the end, else the first. */
function firstApplying(bounds) {
  const k = bounds.findIndex((b) => b.value.at(-1) != null);
  return Math.max(0, k);
}

/**
 * The layer's share of a frame: each panel's comparators are solved in its
 * share, and the fewest-mistakes line searched. Compare's panels learn the
 * same samples: the first panel searches, with the time the panels waiting
 * for it leave after their solve, and each of those takes its line when it
 * searched the same rounds (the core compares their count and digest), so
 * one search serves all; a panel whose rounds differ searches on its own,
 * in its share. Returns whether a solve or a search is under way.
 */
function searchOnce(figures) {
  const share = SEARCH_MS / figures.length;
  const [lead, ...others] = figures;
  const key = (figure) => figure.pg.theory_search_key().join();
  const leading = key(lead);
  const waiting = leading ? others.filter((f) => key(f) === leading) : [];
  let busy = false;
  let spare = 0; // the time the waiting panels leave to the first one's search
  for (const figure of waiting) {
    // Their comparators' solve, not their search: the first panel's line ends that.
    const start = performance.now();
    busy = figure.pg.theory_solve(share) || busy;
    spare += Math.max(0, share - (performance.now() - start));
  }
  busy = lead.pg.theory_work(share + spare) || busy;
  const found = lead.pg.theory_found();
  for (const figure of others) {
    if (found.length) figure.pg.theory_adopt(found);
    if (!waiting.includes(figure)) busy = figure.pg.theory_work(share) || busy;
  }
  return busy;
}
