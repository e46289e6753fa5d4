/** The AI timeout of the apps `appConfig` sets up while the fake answers, and while it never answers. */
export const ANSWER_TIMEOUT_MS: number;
export const HANG_TIMEOUT_MS: number;

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

/** How the fake AI answers the next requests. */
export type FakeAiMode =
  /**
   * Streams the chunks (or those the request's body picks) `delayMs` apart (5 when absent); with
   * `holdUntil`, sends the first and holds the rest until it resolves.
   */
  | {
      kind: 'stream';
      chunks: string[] | ((body: FakeAiRequest['body']) => string[]);
      delayMs?: number;
      holdUntil?: Promise<void>;
    }
  | { kind: 'json'; text: string }
  | { kind: 'error'; status: number }
  | { kind: 'hang' };

/** The AI settings of an app whose AI calls go to the fake (the server's `AppConfig['ai']`). */
export interface FakeAiSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

/**
 * A local OpenAI-compatible `/chat/completions` server for tests and scripts: streams known chunks
 * as server-sent events, answers in one JSON body, fails (error bodies echo the key, as careless
 * providers do), or never answers.
 */
export class FakeAi {
  /**
   * `key`: when set, a request without `Bearer <key>` is refused (401). `mode`: how it answers
   * until told otherwise, and again after `reset()` (by default it streams "Hello from Gomeum").
   */
  constructor(options?: { key?: string; mode?: FakeAiMode });
  readonly requests: FakeAiRequest[];
  /** Requests the caller gave up on (closed before the answer ended). */
  readonly aborted: number;
  /**
   * How the fake answers the next requests. Setting it also sets the timeout of the apps it set
   * up: short when it will never answer, long otherwise (a timeout a test set itself is left).
   */
  get mode(): FakeAiMode;
  set mode(mode: FakeAiMode);
  /** Forgets the requests and answers as at the start again (between tests). */
  reset(): void;
  /** Resolves once `count` requests have come in all told; fails after `timeoutMs` (10 s). */
  received(count: number, timeoutMs?: number): Promise<void>;
  /** Resolves once `count` requests have been abandoned by the caller all told; fails after `timeoutMs`. */
  abandoned(count: number, timeoutMs?: number): Promise<void>;
  /**
   * Starts listening; the app settings that send an app's AI calls here with `apiKey` (a timeout
   * that follows the mode, and the limits the AI tests count against: 100 messages and 3 AI
   * answers a minute). `after`, when given, is told to stop the fake once the app is closed.
   */
  appConfig(
    apiKey: string,
    after?: (stop: () => Promise<void>) => void,
  ): Promise<{ ai: FakeAiSettings; chatRateLimit: { messages: number; aiReplies: number } }>;
  /** Starts listening on a free loopback port; resolves to the API's base URL (`…/v1`). */
  start(): Promise<string>;
  /** Ends every open answer and stops listening. */
  stop(): Promise<void>;
}

/** Sentences the stand-in translates, each in the three languages. */
export const PHRASES: readonly { zh: string; ko: string; en: string }[];
/** The language a translation request asks for, or null for any other request. */
export function translationTarget(body: FakeAiRequest['body']): 'en' | 'zh' | 'ko' | null;
/** The language a request's persona speaks (Gomeum's system message), by its script. */
export function personaLanguage(body: FakeAiRequest['body']): 'en' | 'zh' | 'ko';
/** `text` in `to`: a known phrase's words in that language, else each line marked with it. */
export function translate(text: string, to: 'en' | 'zh' | 'ko'): string;
/** Chunks that answer a translation request with its translation, and any other with `otherwise`. */
export function translating(
  otherwise: string[] | ((body: FakeAiRequest['body']) => string[]),
): (body: FakeAiRequest['body']) => string[];
