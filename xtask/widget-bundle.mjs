// Run by `cargo xtask pack`: the Jupyter widget's module, one file with
// everything the figure loads inside it. A notebook imports a widget's
// module from a blob: address, where `new URL('./x', import.meta.url)`
// names nothing, so each such file the element names (its WebAssembly
// modules, its stylesheets) becomes a data: address in the bundle, and the
// lazy chunks are inlined (rollup's inlineDynamicImports). The stylesheets
// come from the built site (SITE), where figure.css is already inlined into
// embed.css. Left out, and said in the widget's README: the translations
// (a figure in a notebook speaks English) and Save GIF's worker.
// Beside it, attributes.json: the names the Python side accepts.
//   node xtask/widget-bundle.mjs SITE OUT
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup } from '@rollup/wasm-node';
import { minify } from 'terser';
import { OWN_ATTRIBUTES, settingNames } from '../www/js/embed-attributes.js';

const [site, out] = process.argv.slice(2);
const www = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'www');
const TYPES = { '.wasm': 'application/wasm', '.css': 'text/css' };

const inlineAssets = {
  name: 'inline-assets',
  async transform(code, id) {
    const found = [...code.matchAll(/new URL\((['"])([^'"`]+)\1,\s*import\.meta\.url\)/g)];
    let text = code;
    for (const [whole, , name] of found) {
      const type = TYPES[name.slice(name.lastIndexOf('.'))];
      if (!type) continue; // a worker's module: left as it is (see above)
      // The built site's copy: the same file, with a stylesheet's @import inlined.
      const file = join(site, relative(www, resolve(dirname(id), name)));
      if (!existsSync(file)) throw new Error(`${id}: ${name} is not in ${site}`);
      const data = `data:${type};base64,${(await readFile(file)).toString('base64')}`;
      text = text.replace(whole, `new URL(${JSON.stringify(data)})`);
    }
    return text === code ? null : { code: text, map: null };
  },
};

const bundle = await rollup({ input: join(www, 'js', 'notebook-widget.js'), plugins: [inlineAssets], onwarn: (w) => { throw new Error(w.message); } });
const { output } = await bundle.generate({ format: 'es', inlineDynamicImports: true });
const { code } = await minify(output[0].code, { module: true, compress: { passes: 2 }, mangle: true });
await mkdir(dirname(out), { recursive: true });
await writeFile(out, code);
// The attributes the Python side accepts, as the element reads them: the
// settings of the core's table (from the built site's module) and its own.
const glue = await import(join(site, 'pkg/onlinelearn.js'));
await glue.default({ module_or_path: await readFile(join(site, 'pkg/onlinelearn_bg.wasm')) });
const accepted = [...settingNames(glue.Playground.catalogue()), ...OWN_ATTRIBUTES, 'autoplay', 'id'];
await writeFile(join(dirname(out), 'attributes.json'), `${JSON.stringify(accepted)}\n`);
