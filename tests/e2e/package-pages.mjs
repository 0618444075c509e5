// Shared by the tests of the ways a figure reaches a post from outside the
// site (npm-package, hugo, notebook): a page that records console errors,
// requests and CSP violations, and what a figure's plane shows.

/** Opens `url` in a new page of `context`, recording errors, requests and CSP violations. */
export async function recorded(context, url, { before } = {}) {
  const page = await context.newPage();
  page.errors = [];
  page.requests = [];
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('request', (r) => page.requests.push(r.url()));
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(`${e.violatedDirective}: ${e.blockedURI}`));
  });
  await before?.(page);
  await page.goto(url);
  return page;
}

/**
 * The pixels of the plane of the <online-learner> that `selector` finds
 * (in the page, or inside another element's shadow root when `host` is
 * given), as one string: two calls differ when the figure was redrawn
 * differently.
 */
export function pixelsOf(page, selector) {
  return page.evaluate((s) => {
    const el = document.querySelector(s);
    return [...el.shadowRoot.querySelectorAll('.plane canvas')].map((c) => c.toDataURL()).join('|');
  }, selector);
}
