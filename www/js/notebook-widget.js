// The Jupyter widget's front end (anywidget; python/onlinelearn_widget):
// one <online-learner> per widget, configured by the Python side's
// `attributes`, fed its `rows` (the reader's NumPy arrays, checked in
// Python), driven by its messages (step, play, pause), and reporting back
// what it learned (`weights`, `mistakes`, `samples`, `link`). Not part of
// the site: `cargo xtask pack` bundles it with the element, its
// WebAssembly and its stylesheets inlined into one module
// (python/onlinelearn_widget/static/widget.js), since a notebook loads a
// widget's module from a blob: address, where no relative file resolves,
// and a notebook exported to HTML keeps that module in its widget state.
import '../embed.js';

/** At most one report to Python per this many ms while playing (each is a comm message). */
const REPORT_MS = 250;

function render({ model, el }) {
  const figure = document.createElement('online-learner');
  const configure = () => {
    for (const name of figure.getAttributeNames()) figure.removeAttribute(name);
    for (const [name, value] of Object.entries(model.get('attributes'))) figure.setAttribute(name, value);
  };
  configure();
  el.append(figure);

  let fed = 0; // rows of `rows` handed to the figure
  const feed = () => {
    const rows = model.get('rows');
    if (rows.length <= fed) return Promise.resolve();
    const fresh = rows.slice(fed);
    fed = rows.length;
    return figure.feed(fresh.map((r) => r.slice(0, r.length - 1)), fresh.map((r) => r[r.length - 1]));
  };
  let ready = feed();

  let last = 0;
  let shown = '';
  const report = (force) => {
    const pg = figure.figure?.pg;
    const now = performance.now();
    if (!pg || (!force && now - last < REPORT_MS)) return;
    const { samples, mistakes } = pg.counts();
    const link = pg.hash('');
    if (link === shown) return;
    last = now;
    shown = link;
    model.set({ weights: Array.from(pg.weights()), mistakes, samples, link });
    model.save_changes();
  };
  // The figure draws on animation frames; a report follows, throttled, and a last one when it stops.
  let frame = requestAnimationFrame(function watch() {
    report(!figure.playing);
    frame = requestAnimationFrame(watch);
  });

  // Commands wait for the figure to start (it starts when scrolled near) and for the rows.
  const started = () => new Promise((resolve) => {
    const check = () => (figure.figure ? resolve() : requestAnimationFrame(check));
    check();
  });
  const onMessage = async (message) => {
    await ready;
    await started();
    if (message.do === 'step') figure.step(message.n);
    else if (message.do === 'play') figure.play();
    else if (message.do === 'pause') figure.pause();
    report(true);
  };
  model.on('msg:custom', onMessage);
  const onRows = () => { ready = ready.then(feed); };
  model.on('change:rows', onRows);
  model.on('change:attributes', configure);
  return () => {
    cancelAnimationFrame(frame);
    model.off('msg:custom', onMessage);
    model.off('change:rows', onRows);
    model.off('change:attributes', configure);
  };
}

export default { render };
