// The keyboard shortcuts' help (Keys ?), made when first asked for: its
// markup and its words (the catalogue's 'help' part) are not in the first
// load, which counts every byte a reader downloads before the plane shows
// (0.5 KB gzip of index.html and 0.8 KB of a language's catalogue,
// measured). Made again at each opening, so it is in the language shown.
import { language, t } from './i18n.js';

/** The dialog's markup, in English: its messages are the catalogue's keys (tests/i18n/keys.mjs walks it). */
export const MARKUP = `
  <h2 id="help-title">Keyboard shortcuts</h2>
  <table>
    <tbody>
      <tr><th scope="row"><kbd>Space</kbd></th><td>Play / pause</td></tr>
      <tr><th scope="row"><kbd>&rarr;</kbd></th><td>Learn one more sample (step); looking back, the next sample</td></tr>
      <tr><th scope="row"><kbd>&larr;</kbd></th><td>Look back one sample (the timeline)</td></tr>
      <tr><th scope="row"><kbd>r</kbd></th><td>Reset the learner (the points stay and are learned again first)</td></tr>
      <tr><th scope="row"><kbd>c</kbd></th><td>Clear the plane</td></tr>
      <tr><th scope="row"><kbd>t</kbd></th><td>The Theory layer on or off</td></tr>
      <tr><th scope="row"><kbd>h</kbd></th><td>The true concept on or off (drag its handles to move it)</td></tr>
      <tr><th scope="row"><kbd>1</kbd> / <kbd>2</kbd></th><td>Clicks add class +1 / class &minus;1</td></tr>
      <tr><th scope="row"><kbd>3</kbd> &ndash; <kbd>6</kbd></th><td>Clicks add class 3 to 6 (the plane then learns that many classes)</td></tr>
      <tr><th scope="row"><kbd>?</kbd></th><td>This help</td></tr>
      <tr><th scope="row"><kbd>Tab</kbd></th><td>Move between controls; the plane is one stop</td></tr>
    </tbody>
  </table>
  <h3>On the plane (when it has focus)</h3>
  <table>
    <tbody>
      <tr><th scope="row">Arrows</th><td>Move the cursor (<kbd>Shift</kbd>: faster)</td></tr>
      <tr><th scope="row"><kbd>Enter</kbd></th><td>Add a point of the chosen class at the cursor (<kbd>Shift</kbd>+<kbd>Enter</kbd>: the other class)</td></tr>
      <tr><th scope="row"><kbd>Delete</kbd></th><td>Erase the point nearest the cursor</td></tr>
      <tr><th scope="row"><kbd>Esc</kbd></th><td>Leave the plane</td></tr>
    </tbody>
  </table>
  <p class="hint">Mouse: click adds a point, Shift-click the other class, right-click or Alt-click erases. Touch: a tap adds a point, a swipe scrolls; with Draw on, every touch adds.</p>
  <p><a id="book-link" href="book/">The book: lessons and reference</a></p>
  <button type="button" id="help-close" class="primary">Close</button>
`;

/** Opens the help in the language shown; the focus goes back to `opener` when it closes. */
export async function openHelp(opener) {
  document.getElementById('help')?.remove();
  const dialog = document.createElement('dialog');
  dialog.id = 'help';
  dialog.setAttribute('aria-labelledby', 'help-title');
  dialog.innerHTML = MARKUP;
  if (language() !== 'en') (await import('./i18n-load.js')).translate(dialog, t);
  // The book in the page's language (dist/: book/<lang>/).
  dialog.querySelector('#book-link').href = language() === 'en' ? 'book/' : `book/${language()}/`;
  dialog.querySelector('#help-close').addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => opener?.focus?.());
  document.body.append(dialog);
  dialog.showModal();
}
