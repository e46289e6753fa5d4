import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineStylesheets, stylesheetReader } from './inline-styles.ts';

const HEAD = `<head>
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
    <link rel="stylesheet" crossorigin href="/assets/register-1.css" />
    <link rel="stylesheet" crossorigin href="/assets/gone-1.css" />
  </head>`;

describe('inlineStylesheets', () => {
  const css = (href: string) =>
    ({ '/assets/index-1.css': 'body{color:red}', '/assets/register-1.css': '.form{gap:1rem}' })[href] ?? null;

  it('writes each known stylesheet into the page by the nonce, its link kept as print only', () => {
    const html = inlineStylesheets(HEAD, 'n0nce', css);
    expect(html).toContain(
      '<style nonce="n0nce">body{color:red}</style><link rel="stylesheet" crossorigin href="/assets/index-1.css" media="print" />',
    );
    expect(html).toContain('<style nonce="n0nce">.form{gap:1rem}</style>');
    // None is render-blocking any more, but the one the build lacks.
    expect(html.match(/<link rel="stylesheet" crossorigin href="[^"]+" \/?>/g)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/gone-1.css" />',
    ]);
  });

  it('leaves linked a stylesheet that could end its style element', () => {
    const html = inlineStylesheets(HEAD, 'n0nce', () => 'a{}</style><script>');
    expect(html).not.toContain('<style');
  });
});

describe('stylesheetReader', () => {
  it("reads the build's stylesheets, and nothing outside its assets", () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-styles-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets/app-1.css'), '.app{}');
    fs.writeFileSync(path.join(dist, 'secret.css'), '.secret{}');
    const read = stylesheetReader(dist);
    expect(read('/assets/app-1.css')).toBe('.app{}');
    expect(read('/assets/none-1.css')).toBeNull();
    expect(read('/assets/../secret.css')).toBeNull();
    fs.rmSync(dist, { recursive: true, force: true });
  });
});
