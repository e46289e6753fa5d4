import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake AI streams back, chunk by chunk, for every question. */
export const FAKE_AI_CHUNKS = ['Meow! ', 'I heard you ', 'loud and clear ', 'under the stars.'];

/**
 * A local OpenAI-compatible `/chat/completions` server for the browser tests: it streams a known
 * answer as server-sent events, slowly enough that the page shows it being written.
 */
export async function startFakeAi(key: string): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.url !== '/v1/chat/completions' || request.headers.authorization !== `Bearer ${key}`) {
        response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"no"}}');
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const frame = (delta: object) => `data: ${JSON.stringify({ choices: [{ index: 0, delta }] })}\n\n`;
      response.write(frame({ role: 'assistant' }));
      let index = 0;
      const timer = setInterval(() => {
        const chunk = FAKE_AI_CHUNKS[index];
        index += 1;
        if (chunk === undefined) {
          clearInterval(timer);
          response.end('data: [DONE]\n\n');
          return;
        }
        response.write(frame({ content: chunk }));
      }, 400);
      response.on('close', () => clearInterval(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
