import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../config.ts';

/** How the fake AI answers the next requests. */
export type FakeAiMode =
  /** Streams the chunks; with `holdUntil`, sends the first and holds the rest until it resolves. */
  | { kind: 'stream'; chunks: string[]; delayMs?: number; holdUntil?: Promise<void> }
  | { kind: 'json'; text: string }
  | { kind: 'error'; status: number }
  | { kind: 'hang' };

/** What the fake AI answers until told otherwise. */
const defaultMode = (): FakeAiMode => ({ kind: 'stream', chunks: ['Hello', ' from', ' Gomeum'] });

/**
 * The AI timeout of the apps `appConfig` sets up, while the fake answers (a bound no answer here
 * comes near: they stream in milliseconds, but a busy machine once took more than the 400 ms these
 * tests had) and while it never answers (the client can only give up, so it should soon).
 */
export const ANSWER_TIMEOUT_MS = 30_000;
export const HANG_TIMEOUT_MS = 400;

/** A request the fake AI received. */
export interface FakeAiRequest {
  authorization: string | undefined;
  body: {
    model: string;
    temperature: number;
    stream: boolean;
    messages: { role: string; content: string }[];
  };
}

/**
 * A local OpenAI-compatible `/chat/completions` server for tests: streams known chunks as server-sent
 * events, fails, or never answers. Error bodies echo the key, as careless providers do.
 */
export class FakeAi {
  readonly requests: FakeAiRequest[] = [];
  private current: FakeAiMode = defaultMode();
  /** The AI settings `appConfig` gave out, whose timeout follows the mode (see ANSWER_TIMEOUT_MS). */
  private readonly configs: NonNullable<AppConfig['ai']>[] = [];
  private readonly server = http.createServer((request, response) => this.handle(request, response));
  private readonly open = new Set<http.ServerResponse>();
  private waiters: { count: number; resolve: () => void }[] = [];
  /** Requests the caller gave up on (closed before the answer ended). */
  aborted = 0;
  private abortWaiters: { count: number; resolve: () => void }[] = [];

  /**
   * Resolves once `count` requests have been abandoned by the caller all told; fails after
   * `timeoutMs`, a bound on a slow machine, not a wait.
   */
  abandoned(count: number, timeoutMs = 10_000): Promise<void> {
    if (this.aborted >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the fake AI saw ${this.aborted} of ${count} requests abandoned`)),
        timeoutMs,
      );
      this.abortWaiters.push({
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  /**
   * Resolves once `count` requests have come in all told (at once if they have); fails after
   * `timeoutMs`, a bound on a slow machine, not a wait.
   */
  received(count: number, timeoutMs = 10_000): Promise<void> {
    if (this.requests.length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter.resolve !== done);
        reject(new Error(`the fake AI had ${this.requests.length} of ${count} requests after ${timeoutMs} ms`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.push({ count, resolve: done });
    });
  }

  /** How the fake answers the next requests. */
  get mode(): FakeAiMode {
    return this.current;
  }

  /**
   * Sets how the fake answers the next requests, and the timeout of the apps it set up: short when
   * it will never answer, long otherwise. (A timeout a test set itself is left as it is.)
   */
  set mode(mode: FakeAiMode) {
    this.current = mode;
    const timeoutMs = mode.kind === 'hang' ? HANG_TIMEOUT_MS : ANSWER_TIMEOUT_MS;
    for (const config of this.configs) {
      if (config.timeoutMs === ANSWER_TIMEOUT_MS || config.timeoutMs === HANG_TIMEOUT_MS) config.timeoutMs = timeoutMs;
    }
  }

  /** Forgets the requests and streams the default answer again (between tests). */
  reset(): void {
    this.requests.length = 0;
    this.aborted = 0;
    this.abortWaiters = [];
    this.mode = defaultMode();
  }

  /**
   * Starts listening; the app settings that send an app's AI calls here with `apiKey` (a timeout
   * that follows the mode, see `mode`, and the limits the AI tests count against: 100 messages and
   * 3 AI answers a minute).
   */
  async appConfig(apiKey: string): Promise<Pick<AppConfig, 'ai' | 'chatRateLimit'>> {
    const baseUrl = await this.start();
    const ai = {
      baseUrl,
      apiKey,
      model: 'gpt-4',
      timeoutMs: this.current.kind === 'hang' ? HANG_TIMEOUT_MS : ANSWER_TIMEOUT_MS,
    };
    this.configs.push(ai);
    return { ai, chatRateLimit: { messages: 100, aiReplies: 3 } };
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.url !== '/v1/chat/completions' || request.method !== 'POST') {
        response.writeHead(404).end();
        return;
      }
      this.requests.push({
        authorization: request.headers.authorization,
        body: JSON.parse(raw) as FakeAiRequest['body'],
      });
      this.waiters = this.waiters.filter((waiter) => {
        if (this.requests.length < waiter.count) return true;
        waiter.resolve();
        return false;
      });
      response.on('close', () => {
        if (response.writableFinished) return;
        this.aborted += 1;
        this.abortWaiters = this.abortWaiters.filter((waiter) => {
          if (this.aborted < waiter.count) return true;
          waiter.resolve();
          return false;
        });
      });
      const mode = this.current;
      if (mode.kind === 'hang') {
        this.open.add(response);
        response.on('close', () => this.open.delete(response));
        return;
      }
      if (mode.kind === 'error') {
        response.writeHead(mode.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: `bad key ${request.headers.authorization ?? ''}` } }));
        return;
      }
      if (mode.kind === 'json') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: mode.text } }] }));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      void this.stream(response, mode.chunks, mode.delayMs ?? 5, mode.holdUntil);
    });
  }

  private async stream(
    response: http.ServerResponse,
    chunks: string[],
    delayMs: number,
    holdUntil: Promise<void> | undefined,
  ): Promise<void> {
    const frame = (delta: object) =>
      `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta }] })}\n\n`;
    response.write(frame({ role: 'assistant' }));
    for (const [index, chunk] of chunks.entries()) {
      if (index === 1 && holdUntil) await holdUntil;
      else await new Promise((resolve) => setTimeout(resolve, delayMs));
      response.write(frame({ content: chunk }));
    }
    response.end('data: [DONE]\n\n');
  }

  async stop(): Promise<void> {
    for (const response of this.open) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
