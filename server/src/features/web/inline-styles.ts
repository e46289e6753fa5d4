import fs from 'node:fs';
import path from 'node:path';

/** A stylesheet link as the build and the page preloads write it. */
const STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)"\s*\/?>/g;

/**
 * The page's stylesheets written into it (`<style nonce>`, which the page's policy allows), so its
 * first paint waits for the HTML alone and not for a second round trip to fetch them (on a phone's
 * network, a request's latency is most of a first paint). Each link stays, as `media="print"`: not
 * render-blocking, fetched late for the next pages, and found in place by Vite's loader, which then
 * adds none when the page's chunk loads. A stylesheet `css` does not know is left linked.
 */
export function inlineStylesheets(html: string, nonce: string, css: (href: string) => string | null): string {
  return html.replace(STYLESHEET, (link, href: string) => {
    const rules = css(href);
    if (rules === null || rules.includes('</')) return link;
    return `<style nonce="${nonce}">${rules}</style><link rel="stylesheet" crossorigin href="${href}" media="print" />`;
  });
}

/**
 * Reads the build's stylesheets by their address (`/assets/…css`; named by their content, so read
 * once each), or null for one the build lacks.
 */
export function stylesheetReader(webDist: string): (href: string) => string | null {
  const read = new Map<string, string | null>();
  return (href) => {
    if (!read.has(href)) {
      const file = path.join(webDist, href);
      let rules: string | null = null;
      try {
        rules = file.startsWith(path.join(webDist, 'assets')) ? fs.readFileSync(file, 'utf8') : null;
      } catch {
        rules = null;
      }
      read.set(href, rules);
    }
    return read.get(href) ?? null;
  };
}
