// One way to make a DOM element, for the page, the embed and the lazily
// loaded panels.

/**
 * A `tag` element with `props` (a property where the element has one,
 * `hidden: false` included; an attribute otherwise, such as aria-* and
 * data-*; `class` sets the class name) and children.
 */
export function element(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'class') node.className = value;
    else if (key in node) node[key] = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

const settled = new WeakSet(); // the panels' sheets' links that have loaded, or failed to

/**
 * Shows `root` as the only child of `place`, styled by the stylesheet at
 * `href`. The sheet's <link> goes once into the page's head, or into the
 * embed's shadow root, and stays there: a panel built again (a language
 * switch, a Reset) is styled in the frame it appears in. A <link> inside
 * the panel applied a task later each time (even from the cache), and the
 * panel flashed unstyled. Until the sheet first arrives `root` is
 * transparent (its text still there for a reader of the page's text, its
 * buttons still pressable); if the sheet fails, `root` shows unstyled
 * rather than not at all.
 */
export function placeStyled(place, root, href) {
  place.replaceChildren(root);
  place.hidden = false;
  if (!place.isConnected) {
    root.prepend(element('link', { rel: 'stylesheet', href })); // no page yet: the panel carries it
    return;
  }
  const home = place.getRootNode(); // the page, or an embed's shadow root
  const holder = home === document ? document.head : home;
  let link = [...holder.querySelectorAll('link[rel="stylesheet"]')].find((l) => l.href === href);
  if (!link) {
    link = element('link', { rel: 'stylesheet', href });
    const done = () => settled.add(link);
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
    holder.append(link);
  }
  if (settled.has(link)) return;
  root.style.opacity = '0'; // there to read and press, only not seen
  const show = () => { root.style.opacity = ''; };
  link.addEventListener('load', show, { once: true });
  link.addEventListener('error', show, { once: true });
}
