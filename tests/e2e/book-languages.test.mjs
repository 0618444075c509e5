// The book's translations (target/book/<lang>/, built by `cargo xtask book`
// from book/po/<lang>.po; book/src/docs/translating.md): every internal
// link and anchor resolves, every page not wholly translated says so at
// its top (from the coverage tools/book reports), no PO file holds a stale
// translation, and every page of every language opens in Chromium, under
// the book's strict policy, with no console error, its language switcher
// linking to pages that exist and its figures in the page's language.
//
// One browser for all three languages, four pages at a time. The figures'
// learning is the English test's (book.test.mjs, the same elements with
// the same attributes): here each figure must start, speak the page's
// language, and the first of each page must learn a few samples.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, screenshot } from './harness.mjs';
import { BOOK, TRANSLATIONS, brokenLinks, pages, assertPagesOpen } from './book-pages.mjs';

/** What tools/book reported for a language: each page's coverage, the stale messages. */
function coverage(lang) {
  const file = join(ROOT, 'target', 'book-src', `coverage-${lang}.json`);
  assert.ok(existsSync(file), `${file} is missing: run cargo xtask book`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

const html = (file) => readFileSync(join(BOOK, file), 'utf8');
const NOTICE = '<p class="untranslated" role="note">';

/** The pages the translators have done, which must stay wholly translated (the stale check's other half). */
const TRANSLATED = ['introduction.md', 'lessons/index.md', 'lessons/perceptron.md', 'lessons/passive-aggressive.md', 'lessons/label-noise.md', 'lessons/pocket.md', 'lessons/kernels.md'];

for (const lang of TRANSLATIONS) {
  test(`${lang}: every internal link and anchor resolves`, () => {
    const files = pages(lang);
    assert.equal(files.length, pages('en').length, `${lang} has every page of the English book`);
    const broken = files.flatMap((file) => brokenLinks(file, html(file)).map(([link, why]) => `${file}: ${link}: ${why}`));
    assert.deepEqual(broken, []);
  });

  test(`${lang}: a page says it is not (wholly) translated exactly when its PO file leaves some of it out`, () => {
    const report = coverage(lang);
    assert.equal(report.language, lang);
    assert.ok(report.pages.length >= 60, `${report.pages.length} pages counted`);
    const wrong = report.pages.filter(({ path, translated, total }) => {
      const page = html(`${lang}/${path.replace(/\.md$/, '.html')}`);
      const untranslated = page.includes(NOTICE);
      return untranslated !== translated < total;
    });
    assert.deepEqual(wrong, []);
    const partial = TRANSLATED.map((path) => report.pages.find((p) => p.path === path))
      .filter((p) => !p || p.translated < p.total);
    assert.deepEqual(partial, [], `${lang}: translated pages no longer wholly translated (cargo xtask book --pot, then msgmerge)`);
  });

  test(`${lang}: no translation in book/po/${lang}.po is stale (its English is still in the book)`, () => {
    assert.deepEqual(coverage(lang).stale, []);
  });
}

/** In the page: the switcher's links, the notice's place, each figure started and its buttons' words. */
async function readPage(page) {
  return page.evaluate(() => {
    const links = [...document.querySelectorAll('#book-language-list a')].map((a) => [a.hreflang, a.href]);
    const main = document.querySelector('main');
    const notice = main?.querySelector('p.untranslated');
    return { links, noticeFirst: notice ? main.firstElementChild === notice : null, lang: document.documentElement.lang };
  });
}

async function checkFigures(page, failures, file) {
  const count = await page.locator('online-learner').count();
  for (let i = 0; i < count; i++) {
    const figure = page.locator('online-learner').nth(i);
    await figure.scrollIntoViewIfNeeded();
    try {
      await page.waitForFunction((k) => document.querySelectorAll('online-learner')[k].shadowRoot?.querySelector('.status')?.textContent
        || document.querySelectorAll('online-learner')[k].exerciseLayer?.state === 'asking', i, { timeout: 60_000 });
      const { lang, words } = await figure.evaluate((el) => ({
        lang: el.closest('[lang]').lang,
        words: [...el.shadowRoot.querySelectorAll('button')].map((b) => b.textContent.trim()),
      }));
      if (lang !== 'en' && words.includes('Copy as command')) failures.push(`${file}, figure ${i + 1}: speaks English on a ${lang} page`);
      if (i === 0 && await figure.evaluate((el) => Boolean(el.figure?.pg))) {
        const samples = () => figure.evaluate((el) => el.figure.pg.counts().samples);
        const before = await samples();
        await figure.evaluate((el) => el.step(5));
        await page.waitForFunction(([k, n]) => document.querySelectorAll('online-learner')[k].figure.pg.counts().samples > n, [i, before]);
      }
    } catch (error) {
      failures.push(`${file}, figure ${i + 1}: ${error.message.split('\n')[0]}`);
    }
  }
}

test('every page of every translation opens in Chromium: no console error, no failed request, a switcher to pages that exist, figures that start in the page\'s language', async () => {
  const files = TRANSLATIONS.flatMap((lang) => pages(lang)).filter((file) => !file.endsWith('/404.html'));
  await assertPagesOpen(files, async (page, file, failures) => {
    const lang = file.split('/')[0];
    const seen = await readPage(page);
    if (seen.lang !== lang) failures.push(`${file}: <html lang="${seen.lang}">`);
    // toc.html (the sidebar's frame for readers without script) has no
    // menu bar; print.html holds every chapter, each under its own notice,
    // and opens the print dialog: both are only opened.
    if (!/(^|\/)(print|toc)\.html$/.test(file)) {
      if (seen.noticeFirst === false) failures.push(`${file}: the notice is not at the top`);
      if (seen.links.length !== 4) failures.push(`${file}: ${seen.links.length} languages in the switcher`);
      const path = file.slice(lang.length + 1);
      for (const [to, href] of seen.links) {
        const target = decodeURIComponent(new URL(href).pathname).slice(1);
        if (target !== (to === 'en' ? path : `${to}/${path}`) || !existsSync(join(BOOK, target))) failures.push(`${file}: the switcher's ${to} link is ${href}`);
      }
      await checkFigures(page, failures, file);
    }
    if (file === `${lang}/lessons/perceptron.html`) await screenshot(page, `book-${lang}-perceptron`);
  });
});
