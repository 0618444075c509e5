// The example post in the reader's language: ?lang= (else the browser's),
// its text through the page's catalogue, and its figures told the same.
// A real post is written in one language and needs none of this: its
// figures follow the page's own <html lang> (see docs/embedding.md).
import { browserLanguage, language, pick, t, use } from '../js/i18n.js';

await use(pick(new URLSearchParams(location.search).get('lang')) ?? browserLanguage()).catch(() => use('en'));
document.documentElement.lang = language();
for (const figure of document.querySelectorAll('online-learner')) figure.setAttribute('lang', language());
if (language() !== 'en') (await import('../js/i18n-load.js')).translate(document.documentElement, t);
for (const link of document.querySelectorAll('.langs a')) {
  if (link.hreflang === language()) link.setAttribute('aria-current', 'true');
}
