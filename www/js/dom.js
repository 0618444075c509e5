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
