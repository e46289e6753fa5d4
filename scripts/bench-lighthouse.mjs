/**
 * `npm run bench:lighthouse`: Lighthouse 12 with Debian's Chromium on the pages a new user opens
 * first, mobile and desktop presets, several runs each, and the medians.
 *
 * It serves the current build itself (`server/dist` + `web/dist`, run `npm run build` first) on a
 * random port with a fresh SQLite database in a temporary folder, or measures `--url=` instead.
 * Pages behind sign-in are measured as a guest (the session cookie is set in the browser first, as
 * sign-in would have left it; Lighthouse keeps cookies between its passes).
 *
 * Options: --runs=5 --presets=mobile,desktop --routes=/,/register,/galaxy,/task/music,/planet/moon
 *          --url=http://host:port --json=file.json (every run's figures, for a closer look)
 *          --trace=dir (saves each run's Lighthouse report, and its browser trace as NAME.trace.json)
 * CHROME_PATH picks the browser (default /usr/bin/chromium).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { guestCookie } from '../bench/lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, ...value] = arg.replace(/^--/, '').split('=');
    return [key, value.join('=') || 'true'];
  }),
);
const runs = Number(args.runs ?? 5);
const presets = (args.presets ?? 'mobile,desktop').split(',');
const routes = (args.routes ?? '/,/register,/galaxy,/task/music,/planet/moon').split(',');
const SIGNED_OUT = new Set(['/', '/register']);
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitFor(url, child) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** Starts the built server on a free port with its own data folder; returns its URL and a stop function. */
async function startServer() {
  const main = path.join(root, 'server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('server/dist/main.js is missing: run `npm run build` first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-bench-'));
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      GUEST_RATE_LIMIT: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`, child);
  return {
    url,
    stop: () => {
      child.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The median of the runs that produced the figure (a run can miss one, e.g. no LCP recorded). */
function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function runOnce(url, preset, cookie) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    if (cookie) {
      // A cookie jar, not a header: the app's own cookies (its language) then go along with it.
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const origin = new URL(url).origin;
      await browser.setCookie(
        ...cookie.split('; ').map((pair) => {
          const [name = '', ...value] = pair.split('=');
          return { name, value: value.join('='), url: origin };
        }),
      );
      await browser.disconnect();
    }
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    const lhr = result.lhr;
    const trace = result.artifacts?.Trace;
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    // A category without a score (the run failed, see runtimeError) counts in no median.
    const score = (id) => {
      const value = lhr.categories[id]?.score;
      return typeof value === 'number' ? Math.round(value * 100) : NaN;
    };
    if (lhr.runtimeError) console.log(`  (a run failed: ${lhr.runtimeError.code}: ${lhr.runtimeError.message})`);
    return {
      lhr,
      trace,
      figures: {
        ...(lhr.runtimeError ? { error: lhr.runtimeError.code } : {}),
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcpMs: audit('first-contentful-paint'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        siMs: audit('speed-index'),
      },
    };
  } finally {
    chrome.kill();
  }
}

const server = args.url ? { url: args.url.replace(/\/$/, ''), stop: () => {} } : await startServer();
const all = [];
try {
  const cookie = await guestCookie(server.url);
  console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}`);
  console.log(`${chromePath}, ${runs} runs per page and preset, ${server.url}, ${new Date().toISOString()}`);
  console.log('preset  page           perf  a11y  bp   seo   FCP ms  LCP ms  TBT ms  CLS    (medians)');
  for (const preset of presets) {
    for (const route of routes) {
      const figures = [];
      for (let i = 0; i < runs; i++) {
        const {
          lhr,
          trace,
          figures: one,
        } = await runOnce(`${server.url}${route}`, preset, SIGNED_OUT.has(route) ? '' : cookie);
        figures.push(one);
        if (args.trace) {
          fs.mkdirSync(args.trace, { recursive: true });
          const name = `${preset}${route.replace(/\//g, '_') || '_'}-${i + 1}.json`;
          fs.writeFileSync(path.join(args.trace, name), JSON.stringify(lhr));
          // The browser's trace of the run (open it in the Performance panel of DevTools).
          if (trace)
            fs.writeFileSync(path.join(args.trace, name.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
        }
        const failing = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id);
        if (failing.length && i === 0) console.log(`  ${preset} ${route}: failing audits: ${failing.join(', ')}`);
      }
      const m = (key) => median(figures.map((f) => f[key]));
      all.push({ preset, route, runs: figures });
      console.log(
        [
          preset.padEnd(7),
          route.padEnd(14),
          String(m('performance')).padStart(4),
          String(m('accessibility')).padStart(5),
          String(m('bestPractices')).padStart(4),
          String(m('seo')).padStart(5),
          String(Math.round(m('fcpMs'))).padStart(7),
          String(Math.round(m('lcpMs'))).padStart(7),
          String(Math.round(m('tbtMs'))).padStart(7),
          m('cls').toFixed(3).padStart(6),
        ].join(' '),
      );
    }
  }
  if (args.json) fs.writeFileSync(args.json, JSON.stringify(all, null, 2));
} finally {
  server.stop();
}
