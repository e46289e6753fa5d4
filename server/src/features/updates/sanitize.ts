import { createRequire } from 'node:module';
import type sanitizeHtmlModule from 'sanitize-html';

// sanitize-html (with its HTML and CSS parsers) is loaded with the first update, not at start-up.
let loaded: typeof sanitizeHtmlModule | undefined;
function sanitizeHtml(): typeof sanitizeHtmlModule {
  loaded ??= createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtmlModule;
  return loaded;
}

/**
 * The only HTML an update may contain: text formatting, lists, headings, quotes, links and images.
 * No styles, classes, ids or event handlers; links and images only over http(s) (and mailto links).
 */
const UPDATE_HTML = (lib: typeof sanitizeHtmlModule): sanitizeHtmlModule.IOptions => ({
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'mark',
    'small',
    'sub',
    'sup',
    'span',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'hr',
    'a',
    'img',
  ],
  // target and rel are set on every link by transformTags below, overriding what was written.
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Every link opens in a new tab and leaks neither the opener nor the referrer.
  transformTags: {
    a: lib.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
});
let updateHtml: sanitizeHtmlModule.IOptions | undefined;

/** Cleans an update's HTML with the allow-list above; anything else is dropped, text is kept. */
export function sanitizeUpdateHtml(html: string): string {
  const lib = sanitizeHtml();
  updateHtml ??= UPDATE_HTML(lib);
  return lib(html, updateHtml).trim();
}

/** The plain text of some HTML, for a push notification's body. */
export function htmlToText(html: string): string {
  return sanitizeHtml()(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
