import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeUpdateHtml } from './sanitize.ts';

/** Known ways to smuggle script into HTML (OWASP cheat sheet and friends). */
const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<img src=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href=" &#14;  javascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<svg onload=alert(1)><circle r=10></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p onclick="alert(1)" onmouseover=alert(2)>hi</p>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<base href="javascript:/a/-alert(1)///////">',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<img """><script>alert(1)</script>">',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<style>@import "javascript:alert(1)";</style>',
  '<textarea><script>alert(1)</script></textarea>',
  '<a href="//evil.example">protocol-relative</a>',
];

/** Ordinary update text in the three languages, with allowed formatting. */
const TEXTS = [
  '<p>New planet <strong>unlocked</strong>!</p>',
  '<p>新星球<em>开放</em>啦！快去看看吧。</p>',
  '<p>새 행성이 <b>열렸어요</b>! 가 보세요.</p>',
  '<ul><li>音乐</li><li>음악</li><li>Music</li></ul>',
  '<a href="https://example.com/news">Read more</a>',
  '<img src="https://example.com/cat.png" alt="고양이">',
];

interface Found {
  tags: string[];
  attributes: { name: string; value: string }[];
}

/** Parses HTML the way a browser's tokenizer would (entities decoded) and lists tags and attributes. */
function inspect(html: string): Found {
  const found: Found = { tags: [], attributes: [] };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        found.tags.push(name);
        for (const [key, value] of Object.entries(attributes)) found.attributes.push({ name: key, value });
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

const DANGEROUS_TAGS = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'form',
  'input',
  'meta',
  'link',
  'base',
  'body',
  'textarea',
  'noscript',
];

function expectSafe(output: string) {
  const { tags, attributes } = inspect(output);
  for (const tag of tags) expect(DANGEROUS_TAGS, output).not.toContain(tag);
  for (const { name, value } of attributes) {
    expect(name, output).not.toMatch(/^on/);
    expect(['style', 'srcdoc', 'formaction', 'action'], output).not.toContain(name);
    // Browsers ignore control characters and whitespace inside a URL scheme.
    // eslint-disable-next-line no-control-regex -- control characters are exactly what browsers skip
    const squashed = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
    expect(squashed, output).not.toMatch(/^(javascript|vbscript|data):/);
    if (name === 'href' || name === 'src') {
      // A URL with a scheme uses an allowed one; a relative URL stays on this site.
      const scheme = /^([a-z][a-z0-9+.-]*):/.exec(squashed)?.[1];
      if (scheme) expect(['http', 'https', 'mailto'], output).toContain(scheme);
      expect(squashed, output).not.toMatch(/^[/\\]{2}/);
    }
  }
  expect(output.toLowerCase()).not.toMatch(/<script/);
}

describe('sanitizeUpdateHtml', () => {
  it.each(XSS_PAYLOADS)('defuses %s', (payload) => {
    expectSafe(sanitizeUpdateHtml(payload));
  });

  it('keeps allowed formatting in en, zh and ko, and makes links safe to open', () => {
    expect(sanitizeUpdateHtml(TEXTS[0]!)).toBe(TEXTS[0]);
    expect(sanitizeUpdateHtml(TEXTS[1]!)).toBe(TEXTS[1]);
    expect(sanitizeUpdateHtml(TEXTS[2]!)).toBe(TEXTS[2]);
    expect(sanitizeUpdateHtml(TEXTS[4]!)).toBe(
      '<a href="https://example.com/news" target="_blank" rel="noopener noreferrer nofollow">Read more</a>',
    );
    expect(sanitizeUpdateHtml('<p class="x" style="color:red" id="y">Hi</p>')).toBe('<p>Hi</p>');
    expect(sanitizeUpdateHtml('<p>hi</p><script>alert(1)</script>')).toBe('<p>hi</p>');
  });

  it('never lets script, an event handler or a javascript: URL through (property)', () => {
    const fragment = fc.oneof(
      fc.constantFrom(...XSS_PAYLOADS),
      fc.constantFrom(...TEXTS),
      fc.constantFrom('<', '>', '"', "'", '=', '/', '&#', ';', 'javascript:', 'on', 'error', 'script', ' ', '\n', '\t'),
      fc.constantFrom('<a href=', '<img src=', '<p ', ' onclick=', ' onerror=', '</', '<!--', '-->', '<![CDATA['),
      fc.string(),
      fc.string({ unit: 'grapheme' }),
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 12 }), (parts) => {
        const input = parts.join('');
        expectSafe(sanitizeUpdateHtml(input));
        // Sanitizing twice changes nothing more that matters: still safe.
        expectSafe(sanitizeUpdateHtml(sanitizeUpdateHtml(input)));
      }),
      { numRuns: 1500 },
    );
  });
});

describe('htmlToText', () => {
  it('keeps only the words, in any language', () => {
    expect(htmlToText('<p>새 행성이 <b>열렸어요</b>!</p><script>x</script>')).toBe('새 행성이 열렸어요!');
    expect(htmlToText('<p>Fish &amp; chips</p>\n<p>新</p>')).toBe('Fish & chips 新');
  });
});
