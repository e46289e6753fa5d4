/**
 * The harness of bench/abuse.mjs: a built server of the attack's own, a second user going about
 * their business beside it (the victim: a read, a chat message and an upload, each timed), the
 * server's resident memory sampled over time, and a raw live socket an attacker drives frame by
 * frame (it can stop reading, as a hostile client does, which a `ws` client cannot be told to).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import sharp from 'sharp';
import WebSocket from 'ws';
import { cookieOf, guestCookie, startServer } from './lib.mjs';
import { routeTable } from '../scripts/built-server.mjs';

const { routes, routeUrl } = await routeTable();
export { routes, routeUrl };

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const OPERATOR = { email: 'abuse-operator@example.com', password: 'abuse-operator-password' };

/** The value at percentile `p` (0–100) of `values`, NaN when there are none. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** JSON POST/PUT with a cookie; throws unless 2xx. */
export async function send(base, route, { cookie, params, body, method = route.method } = {}) {
  const response = await fetch(`${base}${params ? routeUrl(route, params) : route.path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body ?? {}),
  });
  if (!response.ok) throw new Error(`${route.path}: ${response.status} ${await response.text()}`);
  return response;
}

/** A new account's session cookie, and a function signing it in again (another session, another browser). */
export async function account(base, email, password = 'abuse-password-1234') {
  const cookie = cookieOf(await send(base, routes.register, { body: { email, password } }));
  const again = async () => cookieOf(await send(base, routes.login, { body: { email, password } }));
  return { cookie, again };
}

/** `count` chat messages of 2,000 control characters (12 KB each as JSON) sent by the holder of `cookie`. */
export async function writeHeavyMessages(base, cookie, count) {
  const content = `${'\u0001'.repeat(1999)}.`;
  for (let i = 0; i < count; i += 1) await send(base, routes.sendChatMessage, { cookie, body: { content } });
}

/** A masked client frame (a zero key: the payload stays as it is). */
function clientFrame(opcode, payload) {
  const length = payload.length;
  const size = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const header = Buffer.alloc(size + 4);
  header[0] = 0x80 | opcode;
  if (size === 2) header[1] = 0x80 | length;
  else if (size === 4) {
    header[1] = 0x80 | 126;
    header.writeUInt16BE(length, 2);
  } else {
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  return Buffer.concat([header, payload]);
}

/**
 * A live socket spoken to byte by byte: the handshake, masked text frames out, and a parser that
 * counts what arrives, answers pings (unless told not to) and notes a close frame, skipping the
 * payloads of text frames without copying them. `pause()` stops reading for good: the server's
 * frames pile up in the kernel's buffers, then in the server.
 */
export class RawLiveSocket {
  bytes = 0;
  frames = 0;
  closeCode = null;
  ended = false;
  #socket;
  #header = Buffer.alloc(0);
  #remaining = 0;
  #opcode = 0;
  #control = [];
  #answerPings;

  constructor(socket, answerPings) {
    this.#socket = socket;
    this.#answerPings = answerPings;
  }

  /** Opens a socket with `cookie`; resolves once upgraded (rejects on any other answer). */
  static open(base, cookie, { answerPings = true } = {}) {
    const url = new URL(base);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname);
      const raw = new RawLiveSocket(socket, answerPings);
      let head = Buffer.alloc(0);
      const onData = (chunk) => {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        socket.off('data', onData);
        if (!head.subarray(0, 12).toString('latin1').startsWith('HTTP/1.1 101')) {
          socket.destroy();
          reject(new Error(head.subarray(0, head.indexOf('\r\n')).toString('latin1')));
          return;
        }
        socket.on('data', (data) => raw.#read(data));
        raw.#read(head.subarray(end + 4));
        resolve(raw);
      };
      socket.on('data', onData);
      socket.once('error', reject);
      socket.on('close', () => (raw.ended = true));
      socket.once('connect', () => {
        socket.removeListener('error', reject);
        socket.on('error', () => (raw.ended = true));
        socket.write(
          `GET ${routes.live.path} HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${base}\r\nUpgrade: websocket\r\n` +
            `Connection: Upgrade\r\nSec-WebSocket-Key: ${crypto.randomBytes(16).toString('base64')}\r\n` +
            `Sec-WebSocket-Version: 13\r\nCookie: ${cookie}\r\n\r\n`,
        );
      });
    });
  }

  /** Sends one client event. False once the connection is gone. */
  send(event) {
    if (this.ended || this.#socket.destroyed) return false;
    this.#socket.write(clientFrame(0x1, Buffer.from(JSON.stringify(event))));
    return true;
  }

  /** A pong nobody asked for (what a script that does not read can still send). */
  pong() {
    if (!this.ended && !this.#socket.destroyed) this.#socket.write(clientFrame(0xa, Buffer.alloc(0)));
  }

  /** Stops reading: nothing more is taken off the connection. */
  pause() {
    this.#socket.pause();
  }

  destroy() {
    this.#socket.destroy();
  }

  #read(chunk) {
    this.bytes += chunk.length;
    let data = chunk;
    while (data.length > 0) {
      if (this.#remaining > 0) {
        const take = Math.min(this.#remaining, data.length);
        if (this.#opcode >= 0x8) this.#control.push(data.subarray(0, take));
        this.#remaining -= take;
        data = data.subarray(take);
        if (this.#remaining === 0) this.#frameDone();
        continue;
      }
      this.#header = Buffer.concat([this.#header, data]);
      data = Buffer.alloc(0);
      const parsed = this.#parseHeader();
      if (!parsed) return;
      data = this.#header.subarray(parsed);
      this.#header = Buffer.alloc(0);
      if (this.#remaining === 0) this.#frameDone();
    }
  }

  /** The header's length once it is complete (setting the frame's opcode and length), else 0. */
  #parseHeader() {
    const h = this.#header;
    if (h.length < 2) return 0;
    let length = h[1] & 0x7f;
    let size = 2;
    if (length === 126) {
      if (h.length < 4) return 0;
      length = h.readUInt16BE(2);
      size = 4;
    } else if (length === 127) {
      if (h.length < 10) return 0;
      length = Number(h.readBigUInt64BE(2));
      size = 10;
    }
    this.#opcode = h[0] & 0x0f;
    this.#remaining = length;
    this.#control = [];
    return size;
  }

  #frameDone() {
    this.frames += 1;
    const payload = Buffer.concat(this.#control);
    if (this.#opcode === 0x9 && this.#answerPings) this.#socket.write(clientFrame(0xa, payload));
    if (this.#opcode === 0x8) this.closeCode = payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
  }
}

/** A `ws` socket with `cookie`, resolved once the server said `ready`; `onEvent` hears every event. */
export function liveSocket(base, cookie, onEvent = () => undefined) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}${routes.live.path}`, {
      headers: { cookie, origin: base },
    });
    socket.on('message', (data) => {
      const event = JSON.parse(String(data));
      if (event.type === 'ready') resolve(socket);
      onEvent(event);
    });
    socket.once('error', reject);
  });
}

/** Resident memory of `pid` in MiB, or null once the process is gone. */
export function rssOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return null;
  }
}

/** Samples `pid`'s RSS every 250 ms: `[ms since start, MiB]`; `died` is when it was gone. */
export function sampleRss(pid) {
  const started = performance.now();
  const samples = [];
  let died = null;
  const timer = setInterval(() => {
    const rss = rssOf(pid);
    const at = performance.now() - started;
    if (rss === null) {
      died ??= at;
      return;
    }
    samples.push([at, rss]);
  }, 250);
  return {
    samples,
    get died() {
      return died;
    },
    /** Samples since `from` (ms): the first, the highest and the last. */
    between(from, to = Infinity) {
      const own = samples.filter(([at]) => at >= from && at < to).map(([, rss]) => rss);
      return { first: own[0] ?? NaN, max: Math.max(...own), last: own.at(-1) ?? NaN };
    },
    now: () => performance.now() - started,
    stop: () => clearInterval(timer),
  };
}

/** A tiny PNG for the victim's proofs. */
const smallPng = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#345' } })
  .png()
  .toBuffer();

/**
 * The second user: a guest with a task on the music planet and a live socket. While `run` lasts,
 * three loops each time one thing, one request after another: `GET /api/galaxy`; a chat message
 * sent until its `chat.message` arrives on the live socket; a proof with a small image.
 */
export async function victim(base) {
  const cookie = await guestCookie(base);
  await send(base, routes.confirmTask, {
    cookie,
    params: { planetId: 'music' },
    body: { description: 'Hum a new tune every day', reward: 'A concert ticket' },
  });
  const waiting = new Map();
  const socket = await liveSocket(base, cookie, (event) => {
    if (event.type === 'chat.message' && event.message.clientId) waiting.get(event.message.clientId)?.();
  });
  const timed = async (task, timeoutMs) => {
    const at = performance.now();
    try {
      await task(AbortSignal.timeout(timeoutMs));
      return { ms: performance.now() - at, ok: true };
    } catch {
      return { ms: performance.now() - at, ok: false };
    }
  };
  const read = (signal) =>
    fetch(`${base}${routes.galaxy.path}`, { headers: { cookie }, signal }).then(async (response) => {
      await response.arrayBuffer();
      if (!response.ok) throw new Error(String(response.status));
    });
  const chat = async (signal) => {
    const clientId = crypto.randomUUID();
    const arrived = new Promise((resolve, reject) => {
      waiting.set(clientId, resolve);
      signal.addEventListener('abort', () => reject(new Error('not delivered')));
    });
    arrived.catch(() => undefined);
    await send(base, routes.sendChatMessage, { cookie, body: { content: 'Still there?', clientId } });
    await arrived.finally(() => waiting.delete(clientId));
  };
  const upload = async (signal) => {
    const form = new FormData();
    form.set('date', '2026-11-20');
    form.set('title', 'A new tune');
    form.set('content', 'Hummed on the way home.');
    form.set('image', new Blob([smallPng], { type: 'image/png' }), 'tune.png');
    const response = await fetch(`${base}${routeUrl(routes.submitProof, { planetId: 'music' })}`, {
      method: 'POST',
      headers: { cookie, origin: base },
      body: form,
      signal,
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(String(response.status));
  };
  /** Runs the three loops until `until()` is true; resolves with each one's timings. */
  const run = async (until) => {
    const results = { read: [], chat: [], upload: [] };
    const loop = async (name, task, timeoutMs, gapMs) => {
      while (!until()) {
        results[name].push(await timed(task, timeoutMs));
        await sleep(gapMs);
      }
    };
    await Promise.all([
      loop('read', read, 10_000, 100),
      loop('chat', chat, 15_000, 1_000),
      loop('upload', upload, 30_000, 3_000),
    ]);
    return results;
  };
  return { cookie, run, close: () => socket.terminate() };
}

/**
 * A built server for one attack, with an operator account (the typing attack's audience) and the
 * attack's `env`: this checkout's build, or the one at `root` (the baseline's).
 */
export function attackServer(env = {}, root = undefined) {
  const operator = { GOMEUM_OPERATOR_EMAIL: OPERATOR.email, GOMEUM_OPERATOR_PASSWORD: OPERATOR.password };
  return startServer({ ...operator, METRICS_TOKEN, ...env }, undefined, { root });
}

const METRICS_TOKEN = crypto.randomBytes(24).toString('hex');

/** How many live sockets the server holds open (its `gomeum_live_sockets`), NaN when it cannot say. */
export async function liveSocketCount(base) {
  try {
    const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const value = /^gomeum_live_sockets (\d+)$/m.exec(await response.text())?.[1];
    return value === undefined ? NaN : Number(value);
  } catch {
    return NaN;
  }
}
