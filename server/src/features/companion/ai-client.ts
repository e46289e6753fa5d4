import type { AiConfig } from '../../config.ts';
import { Metrics } from '../../lib/metrics.ts';

/** One message of a chat-completions request. */
export interface AiMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Why the AI gave no answer; the service answers with the fallback text instead. */
export class AiUnavailableError extends Error {
  constructor(reason: string, options?: ErrorOptions) {
    super(reason, options);
    this.name = 'AiUnavailableError';
  }
}

/** Gomeum's sampling temperature, as the product specifies. */
export const AI_TEMPERATURE = 0.7;

/** The text of one server-sent `data:` payload of a streamed chat completion, if any. */
function deltaOf(payload: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    throw new AiUnavailableError('the AI stream sent something that is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null) return '';
  if ('error' in parsed && parsed.error) throw new AiUnavailableError('the AI stream reported an error');
  const choices = 'choices' in parsed && Array.isArray(parsed.choices) ? (parsed.choices as unknown[]) : [];
  const first = choices[0];
  if (typeof first !== 'object' || first === null) return '';
  const delta = 'delta' in first ? first.delta : 'message' in first ? first.message : undefined;
  if (typeof delta !== 'object' || delta === null || !('content' in delta)) return '';
  return typeof delta.content === 'string' ? delta.content : '';
}

/**
 * Talks to any OpenAI-compatible `/chat/completions` endpoint with `stream: true` and hands each
 * piece of the answer to `onDelta` as it arrives. The key goes in the Authorization header only;
 * errors never carry the provider's reply (which might echo it).
 */
export class AiClient {
  constructor(private readonly config: AiConfig | undefined) {}

  /** Whether a key is configured; without one the service answers with the fallback text. */
  get configured(): boolean {
    return Boolean(this.config?.apiKey);
  }

  /**
   * Streams one answer; resolves with the whole text, or throws AiUnavailableError (also when
   * `signal` aborts it: the server is shutting down).
   */
  async stream(messages: AiMessage[], onDelta: (delta: string) => void, signal?: AbortSignal): Promise<string> {
    const config = this.config;
    if (!config?.apiKey) throw new AiUnavailableError('no AI key is configured');
    if (signal?.aborted) throw new AiUnavailableError('the server is shutting down');
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), config.timeoutMs);
    const stop = () => controller.abort();
    signal?.addEventListener('abort', stop, { once: true });
    try {
      const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          signal: controller.signal,
          headers: {
            authorization: `Bearer ${config.apiKey}`,
            'content-type': 'application/json',
            accept: 'text/event-stream',
          },
          body: JSON.stringify({ model: config.model, messages, temperature: AI_TEMPERATURE, stream: true }),
        });
      } catch (error) {
        throw new AiUnavailableError(controller.signal.aborted ? 'the AI timed out' : 'the AI is unreachable', {
          cause: error instanceof Error ? error.name : undefined,
        });
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => undefined);
        throw new AiUnavailableError(`the AI answered with HTTP ${response.status}`);
      }
      const contentType = response.headers.get('content-type') ?? '';
      if (!contentType.includes('text/event-stream')) {
        // A provider that ignores `stream: true` answers with one JSON body.
        const text = deltaOf(await response.text());
        if (text) onDelta(text);
        return text;
      }
      return await this.readStream(response.body, onDelta, controller.signal);
    } catch (error) {
      if (error instanceof AiUnavailableError) throw error;
      throw new AiUnavailableError(controller.signal.aborted ? 'the AI timed out' : 'the AI stream failed');
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    }
  }

  private async readStream(
    body: ReadableStream<Uint8Array>,
    onDelta: (delta: string) => void,
    signal: AbortSignal,
  ): Promise<string> {
    const decoder = new TextDecoder();
    let buffer = '';
    let text = '';
    let done = false;
    for await (const chunk of body) {
      if (signal.aborted) throw new AiUnavailableError('the AI timed out');
      buffer += decoder.decode(chunk, { stream: true });
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline).replace(/\r$/, '');
        buffer = buffer.slice(newline + 1);
        if (!line.startsWith('data:')) continue;
        const payload = line.slice(5).trim();
        if (payload === '[DONE]') {
          done = true;
          break;
        }
        const delta = deltaOf(payload);
        if (delta) {
          text += delta;
          onDelta(delta);
        }
      }
      if (done) break;
    }
    if (!done && !text) throw new AiUnavailableError('the AI stream ended without an answer');
    return text;
  }
}

/** The AI client, timed into the metrics: calls, failures (answered with the fallback), latency. */
export class MeasuredAiClient extends AiClient {
  constructor(
    config: AiConfig | undefined,
    private readonly metrics: Metrics,
  ) {
    super(config);
  }

  override stream(...args: Parameters<AiClient['stream']>): Promise<string> {
    return Metrics.timed(this.metrics.aiRequests, () => super.stream(...args));
  }
}
