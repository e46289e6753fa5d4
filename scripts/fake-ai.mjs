/**
 * The stand-in AI every test and script uses (`FakeAi`): a local OpenAI-compatible
 * `/chat/completions` server that streams known chunks as server-sent events, answers in one JSON
 * body, fails, or never answers. The server suite drives it mode by mode, the browser tests start
 * one slow enough that a page shows the answer being written, and the companion screenshots answer
 * each message with its own line. Plain JavaScript (the scripts import it as is); its types are in
 * fake-ai.d.mts.
 */
import http from 'node:http';

/**
 * The AI timeout of the apps `appConfig` sets up, while the fake answers (a bound no answer here
 * comes near: they stream in milliseconds, but a busy machine once took more than the 400 ms the
 * server tests had) and while it never answers (the client can only give up, so it should soon).
 */
export const ANSWER_TIMEOUT_MS = 30_000;
export const HANG_TIMEOUT_MS = 400;

/**
 * Sentences the stand-in translates, each in the three languages: what tests and benchmarks have
 * users write when the operator reads another language.
 */
export const PHRASES = [
  {
    zh: '今天练了一小时吉他，手指好痛',
    ko: '오늘 기타를 한 시간 연습했어, 손가락이 아파',
    en: 'I practised guitar for an hour today, my fingers hurt',
  },
  { zh: '我做了一道新的汤', ko: '새로운 수프를 만들었어', en: 'I made a new soup' },
  { zh: '这周读完了一本漫画', ko: '이번 주에 만화책 한 권을 다 읽었어', en: 'I finished a manga this week' },
  { zh: '你觉得我应该先做什么？', ko: '내가 먼저 뭘 해야 할까?', en: 'What do you think I should do first?' },
  { zh: '谢谢你一直陪着我', ko: '항상 함께해 줘서 고마워', en: 'Thank you for always being with me' },
  { zh: '太棒了！我一直为你骄傲。', ko: '정말 멋져! 늘 자랑스러워.', en: 'Wonderful! I am always proud of you.' },
  { zh: '做得好，继续加油！', ko: '잘했어, 계속 힘내!', en: 'Well done, keep going!' },
];

const LANGUAGE_NAMES = { English: 'en', Chinese: 'zh', Korean: 'ko' };

/** The language a translation request asks for (its instruction: "… into Korean …"), or null for any other request. */
export function translationTarget(body) {
  const system = body.messages.find((message) => message.role === 'system')?.content ?? '';
  if (!system.startsWith('Translate')) return null;
  return LANGUAGE_NAMES[/\binto (English|Chinese|Korean)\b/.exec(system)?.[1] ?? ''] ?? null;
}

/** The language a request's persona speaks (Gomeum's system message), by its script. */
export function personaLanguage(body) {
  const system = body.messages.find((message) => message.role === 'system')?.content ?? '';
  if (/\p{Script=Hangul}/u.test(system)) return 'ko';
  if (/\p{Script=Han}/u.test(system)) return 'zh';
  return 'en';
}

/** `text` in `to`, line by line: a known phrase's words in that language, else the line marked with it. */
export function translate(text, to) {
  return text
    .split('\n')
    .map((line) => {
      const known = PHRASES.find((phrase) => Object.values(phrase).includes(line.trim()));
      if (known) return known[to];
      if (to !== 'en') return `${to === 'ko' ? '(한국어)' : '(中文)'} ${line}`;
      return `(English) ${line.replace(/[^\p{Script=Latin}\d\s.,!?']/gu, '').trim() || 'a message'}`;
    })
    .join('\n');
}

/**
 * How the stand-in answers when translations are asked of it too: a translation request gets the
 * translation (`translate`), in two chunks; any other the chunks of `otherwise` (a list, or made
 * from the request's body).
 */
export function translating(otherwise) {
  return (body) => {
    const to = translationTarget(body);
    if (!to) return typeof otherwise === 'function' ? otherwise(body) : otherwise;
    const words = translate(body.messages.at(-1)?.content ?? '', to);
    const half = Math.ceil(words.length / 2);
    return [words.slice(0, half), words.slice(half)];
  };
}

/** What the fake answers when not told otherwise. */
const DEFAULT_MODE = { kind: 'stream', chunks: ['Hello', ' from', ' Gomeum'] };

/** One server-sent event of a streamed answer. */
const frame = (delta) =>
  `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta }] })}\n\n`;

export class FakeAi {
  /** The requests received, in order: `{ authorization, body }`. */
  requests = [];
  /** Requests the caller gave up on (closed before the answer ended). */
  aborted = 0;
  #initial;
  #current;
  #key;
  /** The AI settings `appConfig` gave out, whose timeout follows the mode. */
  #configs = [];
  #open = new Set();
  /** Who waits for how many requests to come in, or to be abandoned. */
  #waiters = { requests: [], aborted: [] };
  #server = http.createServer((request, response) => this.#handle(request, response));

  /**
   * `key`: when set, a request without `Bearer <key>` is refused (401). `mode`: how it answers
   * until told otherwise, and again after `reset()`.
   */
  constructor({ key, mode = DEFAULT_MODE } = {}) {
    this.#key = key;
    this.#initial = mode;
    this.#current = mode;
  }

  /** How the fake answers the next requests. */
  get mode() {
    return this.#current;
  }

  /**
   * Sets how the fake answers the next requests, and the timeout of the apps it set up: short when
   * it will never answer, long otherwise. (A timeout a test set itself is left as it is.)
   */
  set mode(mode) {
    this.#current = mode;
    const timeoutMs = mode.kind === 'hang' ? HANG_TIMEOUT_MS : ANSWER_TIMEOUT_MS;
    for (const config of this.#configs) {
      if (config.timeoutMs === ANSWER_TIMEOUT_MS || config.timeoutMs === HANG_TIMEOUT_MS) config.timeoutMs = timeoutMs;
    }
  }

  /** Forgets the requests and answers as at the start again (between tests). */
  reset() {
    this.requests.length = 0;
    this.aborted = 0;
    this.#waiters.aborted = [];
    this.mode = this.#initial;
  }

  /**
   * Resolves once `count` requests have come in all told (at once if they have); fails after
   * `timeoutMs`, a bound on a slow machine, not a wait.
   */
  received(count, timeoutMs = 10_000) {
    return this.#until('requests', count, timeoutMs);
  }

  /** Resolves once `count` requests have been abandoned by the caller all told; fails after `timeoutMs`. */
  abandoned(count, timeoutMs = 10_000) {
    return this.#until('aborted', count, timeoutMs);
  }

  /** How many requests came in, or were abandoned. */
  #count(what) {
    return what === 'requests' ? this.requests.length : this.aborted;
  }

  #until(what, count, timeoutMs) {
    if (this.#count(what) >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters[what] = this.#waiters[what].filter((waiter) => waiter.resolve !== done);
        reject(new Error(`the fake AI saw ${this.#count(what)} of ${count} ${what} after ${timeoutMs} ms`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.#waiters[what].push({ count, resolve: done });
    });
  }

  /** Resolves the waiters on `what` whose count has come, and keeps the others. */
  #settle(what) {
    const reached = this.#count(what);
    this.#waiters[what] = this.#waiters[what].filter((waiter) => {
      if (reached < waiter.count) return true;
      waiter.resolve();
      return false;
    });
  }

  /**
   * Starts listening; the app settings that send an app's AI calls here with `apiKey` (a timeout
   * that follows the mode, see `mode`, and the limits the AI tests count against: 100 messages and
   * 3 AI answers a minute). `after`, when given, is told to stop the fake once the app is closed.
   */
  async appConfig(apiKey, after) {
    const baseUrl = await this.start();
    after?.(() => this.stop());
    const ai = {
      baseUrl,
      apiKey,
      model: 'gpt-4',
      timeoutMs: this.#current.kind === 'hang' ? HANG_TIMEOUT_MS : ANSWER_TIMEOUT_MS,
    };
    this.#configs.push(ai);
    return { ai, chatRateLimit: { messages: 100, aiReplies: 3 } };
  }

  /** Starts listening on a free loopback port; resolves to the API's base URL (`…/v1`). */
  async start() {
    await new Promise((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${this.#server.address().port}/v1`;
  }

  /** Ends every open answer and stops listening. */
  async stop() {
    for (const response of this.#open) response.destroy();
    this.#server.closeAllConnections();
    await new Promise((resolve) => this.#server.close(() => resolve()));
  }

  #handle(request, response) {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.url !== '/v1/chat/completions' || request.method !== 'POST') {
        response.writeHead(404).end();
        return;
      }
      if (this.#key !== undefined && request.headers.authorization !== `Bearer ${this.#key}`) {
        response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"no"}}');
        return;
      }
      const body = JSON.parse(raw);
      this.requests.push({ authorization: request.headers.authorization, body });
      this.#settle('requests');
      this.#open.add(response);
      response.on('close', () => {
        this.#open.delete(response);
        if (response.writableFinished) return;
        this.aborted += 1;
        this.#settle('aborted');
      });
      this.#answer(request, response, body, this.#current);
    });
  }

  #answer(request, response, body, mode) {
    if (mode.kind === 'hang') return;
    if (mode.kind === 'error') {
      // Error bodies echo the key, as careless providers do.
      response.writeHead(mode.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `bad key ${request.headers.authorization ?? ''}` } }));
      return;
    }
    if (mode.kind === 'json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: mode.text } }] }));
      return;
    }
    const chunks = typeof mode.chunks === 'function' ? mode.chunks(body) : mode.chunks;
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    void this.#stream(response, chunks, mode.delayMs ?? 5, mode.holdUntil);
  }

  /** Writes the chunks `delayMs` apart (with `holdUntil`, the first, then the rest once it resolves). */
  async #stream(response, chunks, delayMs, holdUntil) {
    response.write(frame({ role: 'assistant' }));
    for (const [index, chunk] of chunks.entries()) {
      if (index === 1 && holdUntil) await holdUntil;
      else await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (response.destroyed) return;
      response.write(frame({ content: chunk }));
    }
    response.end('data: [DONE]\n\n');
  }
}
