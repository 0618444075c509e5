// The same learning on two builds of the site's wasm modules, alternating
// in one node process, so that a build change (an allocator, a compiler
// setting) is judged by a ratio of one run, not by two runs at different
// times. A benchmark that prints figures, not a test:
//   cp -a target/site /tmp/before   # then change the build, cargo xtask build
//   node benches/browser/two-builds.mjs /tmp/before target/site
import fs from 'node:fs';
import path from 'node:path';

const [before, after] = process.argv.slice(2).map((dir) => path.resolve(dir));
if (!before || !after) throw new Error('usage: node benches/browser/two-builds.mjs SITE_BEFORE SITE_AFTER');
const REPEATS = 5;
const CASES = [
  ['first: PA-I, 200,000 samples', 'onlinelearn', 'algo=pa1&preset=overlapping&seed=1', 200000],
  ['first: PA-I, four classes, 100,000', 'onlinelearn', 'algo=pa1&preset=four-classes&seed=1', 100000],
  ['full: kernel perceptron, XOR, 3,000', 'onlinelearn_full', 'algo=kernel-perceptron&preset=xor&sigma=0.3&seed=1', 3000],
  ['full: Projectron++, XOR, 5,000', 'onlinelearn_full', 'algo=projectron++&preset=xor&sigma=0.3&seed=1', 5000],
  ['full: AROW, 100,000', 'onlinelearn_full', 'algo=arow&preset=overlapping&seed=1', 100000],
];

async function handleClass(site, name) {
  const glue = await import(`${site}/pkg/${name}.js`);
  await glue.default({ module_or_path: fs.readFileSync(`${site}/pkg/${name}_bg.wasm`) });
  return glue.Playground;
}

/** Milliseconds to learn `n` samples a thousand at a time, writing the link and the counts as a frame would. */
function timeRun(Playground, hash, n) {
  const pg = new Playground(hash, undefined);
  const start = performance.now();
  for (let i = 0; i < n; i += 1000) {
    pg.stream(1000);
    pg.hash('');
    pg.counts();
  }
  const ms = performance.now() - start;
  pg.free();
  return ms;
}

const builds = { before, after };
const classes = {};
for (const [label, site] of Object.entries(builds)) {
  for (const name of ['onlinelearn', 'onlinelearn_full']) classes[`${label}/${name}`] = await handleClass(site, name);
}
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [label, module, hash, n] of CASES) {
  const times = { before: [], after: [] };
  for (let r = 0; r < REPEATS; r++) {
    for (const build of Object.keys(builds)) times[build].push(timeRun(classes[`${build}/${module}`], hash, n));
  }
  const [a, b] = [median(times.before), median(times.after)];
  console.log(`${label.padEnd(38)} before ${a.toFixed(1).padStart(7)} ms   after ${b.toFixed(1).padStart(7)} ms   after/before ${(b / a).toFixed(3)}`);
}
