// The book's language switcher, in the menu bar: each page links to the
// same page in the book's other languages. English is the book's root;
// a translation is the folder <lang>/ in it (xtask/src/book_i18n.rs), so
// the page's place in its book is all a link needs. A script (an external
// file, as the book's Content-Security-Policy allows) because mdBook's
// menu bar has no slot for it; without JavaScript there is no switcher.
(function () {
  'use strict';
  const LANGUAGES = [['en', 'English'], ['zh-CN', '简体中文'], ['ja', '日本語'], ['it', 'Italiano']];
  const LABEL = { en: 'Language', 'zh-CN': '语言', ja: '言語', it: 'Lingua' };
  const bar = document.querySelector('#mdbook-menu-bar .right-buttons');
  if (!bar || typeof path_to_root !== 'string') return;
  const here = document.documentElement.lang || 'en';
  // path_to_root is "" at the book's root: the folder, not the page itself.
  const root = new URL(path_to_root || './', location.href);
  const page = location.href.split(/[?#]/)[0].slice(root.href.length);
  const bookRoot = here === 'en' ? root : new URL('../', root);

  const button = document.createElement('button');
  button.id = 'book-language-toggle';
  button.className = 'icon-button';
  button.type = 'button';
  button.title = LABEL[here] ?? LABEL.en;
  button.setAttribute('aria-label', button.title);
  button.setAttribute('aria-haspopup', 'true');
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('aria-controls', 'book-language-list');
  button.textContent = 'Aa';
  const list = document.createElement('ul');
  list.id = 'book-language-list';
  list.className = 'theme-popup book-language-list';
  list.hidden = true;
  for (const [lang, name] of LANGUAGES) {
    const link = document.createElement('a');
    link.href = new URL((lang === 'en' ? '' : `${lang}/`) + page, bookRoot).href;
    link.lang = link.hreflang = lang;
    link.textContent = name;
    if (lang === here) link.setAttribute('aria-current', 'page');
    const item = document.createElement('li');
    item.append(link);
    list.append(item);
  }
  const show = (open) => {
    list.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
  };
  button.addEventListener('click', (event) => {
    event.stopPropagation();
    show(list.hidden);
  });
  document.addEventListener('click', (event) => {
    if (!list.contains(event.target)) show(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') show(false);
  });
  bar.prepend(button, list);
})();
