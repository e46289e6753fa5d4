/**
 * A push service of our own for tests: https on loopback with a self-signed certificate, the
 * browser's side of a subscription (its keys) and the decryption a browser does, so a test sees
 * exactly what a device would show. The same module serves the operator-push benchmark.
 */
import { expect } from 'vitest';
import { newBrowserKeys } from '../../../bench/push-service.mjs';
import type { TestClient } from './test-app.ts';

export { decrypt, newBrowserKeys, startPushService, type Received } from '../../../bench/push-service.mjs';

/** One device's subscription at the test's push service: its keys, endpoint and the path it receives at. */
export interface Device {
  keys: ReturnType<typeof newBrowserKeys>;
  endpoint: string;
  path: string;
}

/** Subscribes a device of the signed-in `client` at the push service (`origin`), in `locale` if given. */
export async function subscribeDevice(
  service: { origin: string },
  client: TestClient,
  name: string,
  locale?: string,
): Promise<Device> {
  const keys = newBrowserKeys();
  const endpoint = `${service.origin}/push/${name}`;
  const response = await client.post('/api/push/subscriptions', {
    endpoint,
    expirationTime: null,
    keys: { p256dh: keys.p256dh, auth: keys.authB64 },
    ...(locale ? { locale } : {}),
  });
  expect(response.status, response.text).toBe(200);
  return { keys, endpoint, path: `/push/${name}` };
}
