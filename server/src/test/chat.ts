import { sendChatReplySchema, type ServerEvent } from '@gomeum/contracts';
import { expect } from 'vitest';
import { TestClient, type TestApp } from './test-app.ts';

/** The chat tests' operator, created from the configuration (`operator: CHAT_OPERATOR`). */
export const CHAT_OPERATOR = { email: 'gomeum@example.com', password: 'night-sky-cat' };

/** Listens on a free loopback port; the base URL. */
export async function listen(t: { app: TestApp['app'] }): Promise<string> {
  return t.app.listen({ port: 0, host: '127.0.0.1' });
}

/** A new guest's client. */
export async function guest(t: TestApp): Promise<TestClient> {
  const client = new TestClient(t);
  expect((await client.post('/api/auth/guest')).status).toBe(200);
  return client;
}

/** The operator's client, signed in. */
export async function operator(t: TestApp): Promise<TestClient> {
  const client = new TestClient(t);
  expect((await client.post('/api/auth/login', CHAT_OPERATOR)).status).toBe(200);
  return client;
}

/** Sends a chat message as the client; the stored message. */
export async function send(client: TestClient, content: string) {
  const response = await client.post('/api/chat/messages', { content });
  expect(response.status).toBe(200);
  return sendChatReplySchema.parse(response.body).message;
}

/** Matches the live event that delivers a message with this content. */
export const isMessageWith = (content: string) => (event: ServerEvent) =>
  event.type === 'chat.message' && event.message.content === content;
