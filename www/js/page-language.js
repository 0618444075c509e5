// The playground's language: the link's lang=, else the browser's; the
// header's menu switches it in place (every word written again, the
// session going on), and the link keeps a language the reader chose or
// was sent.
import { browserLanguage, language, pick, showDocument } from './i18n.js';

const menu = () => document.getElementById('lang');

/** Shows `tag` on the page and in the menu (English if its catalogue cannot be fetched). */
export async function show(tag) {
  await showDocument(tag);
  menu().value = language();
}

/** Before the app starts: the language of `hash` (the link, or the last session's), else the browser's. */
export function startLanguage(hash) {
  return show(pick(/(?:^|[#&])lang=([^&]*)/.exec(hash)?.[1]) ?? browserLanguage());
}

/** The menu: a choice is shown at once and kept in the link. */
export function bindLanguageMenu(app) {
  menu().addEventListener('change', async () => {
    app.page.lang = menu().value;
    await show(app.page.lang);
    app.relabel();
  });
}
