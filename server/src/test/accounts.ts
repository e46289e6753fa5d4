import { TestClient, type TestApp } from './test-app.ts';

/** The operator account tests create through the config, as production does from env. */
export const TEST_OPERATOR = { email: 'gomeum@example.com', password: 'operator-password-1' };

/** A browser signed in as the operator (the app must have been built with `TEST_OPERATOR`). */
export async function operatorClient(t: TestApp): Promise<TestClient> {
  const client = new TestClient(t);
  const response = await client.post('/api/auth/login', TEST_OPERATOR);
  if (response.status !== 200) throw new Error(`operator login failed: ${response.text}`);
  return client;
}

/** A browser signed in as a newly registered user; returns the client and the user's id. */
export async function userClient(t: TestApp, email: string): Promise<{ client: TestClient; id: string }> {
  const client = new TestClient(t);
  const response = await client.post('/api/auth/register', { email, password: 'user-password-1' });
  if (response.status !== 200) throw new Error(`register failed: ${response.text}`);
  return { client, id: (response.body as { user: { id: string } }).user.id };
}

/** A browser signed in as a fresh guest. */
export async function guestClient(t: TestApp): Promise<{ client: TestClient; id: string }> {
  const client = new TestClient(t);
  const response = await client.post('/api/auth/guest');
  if (response.status !== 200) throw new Error(`guest failed: ${response.text}`);
  return { client, id: (response.body as { user: { id: string } }).user.id };
}
