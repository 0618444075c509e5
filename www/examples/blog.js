// The example post in the reader's language: ?lang= (else the browser's),
// its text through the page's catalogue, and its figures told the same.
// A real post is written in one language and needs none of this: its
// figures follow the page's own <html lang> (see docs/embedding.md).
import { browserLanguage, language, pick, showDocument, usePart } from '../js/i18n.js';

usePart('blog'); // the post's prose is a part of the catalogues of its own
await showDocument(pick(new URLSearchParams(location.search).get('lang')) ?? browserLanguage());
// Figures already started rebuild in it; the others read it when they start.
for (const figure of document.querySelectorAll('online-learner')) figure.setAttribute('lang', language());
for (const link of document.querySelectorAll('.langs a')) {
  if (link.hreflang === language()) link.setAttribute('aria-current', 'true');
}
