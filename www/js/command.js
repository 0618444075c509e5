// "Copy as command": the one line that rebuilds this session natively,
// `onlinelearn replay 'LINK'` (src/bin/onlinelearn/replay.rs), which prints
// the page's summary, and with --json the page's Model (JSON) to the bit.
// Loaded on the first click (save-buttons.js, embed-controls.js).

/** `text` as one POSIX shell word. */
export function shellWord(text) {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/**
 * The command for the page at `address` (its whole URL, the session after
 * '#'); `file`: the data file the session learned from, which the command
 * names (the link holds only its name and fingerprint).
 */
export function replayCommand(address, file = null) {
  return `onlinelearn replay ${shellWord(address)}${file ? ` --data ${shellWord(file)}` : ''}`;
}

/**
 * The playground page's address for `hash`: the folder above this module's
 * (js/, where this file, bundled or not, is served from), whose index.html
 * is the page. For the embed, whose own page is someone's blog post.
 */
export function pageAddress(hash) {
  return `${new URL('../', import.meta.url).href}#${hash}`;
}
