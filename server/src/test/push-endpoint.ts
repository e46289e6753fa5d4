/**
 * A push service of our own for tests: https on loopback with a self-signed certificate, the
 * browser's side of a subscription (its keys) and the decryption a browser does, so a test sees
 * exactly what a device would show. The same module serves the operator-push benchmark.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { newBrowserKeys, startPushService } from '../../../bench/push-service.mjs';
import type { AppConfig } from '../config.ts';
import { appTest, type AfterApp } from './app-test.ts';
import type { TestClient } from './test-app.ts';

export { decrypt, newBrowserKeys, startPushService, type Received } from '../../../bench/push-service.mjs';

/** A started test push service. */
export type TestPushService = Awaited<ReturnType<typeof startPushService>>;

/**
 * Starts a push service (its certificate in a folder of its own) for a test app: the service, and
 * the settings that let the app push to it (its host and port allowed by name: only 443 is
 * otherwise). `after` ends it and removes its folder once the app is closed.
 */
export async function pushServiceForApp(
  after: AfterApp,
): Promise<{ service: TestPushService; settings: Pick<AppConfig, 'pushAgent' | 'pushAllowedHosts'> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-push-'));
  const service = await startPushService(dir);
  after(async () => {
    await service.close();
    service.agent.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { service, settings: { pushAgent: service.agent, pushAllowedHosts: [new URL(service.origin).host] } };
}

/** One device's subscription at the test's push service: its keys, endpoint and the path it receives at. */
export interface Device {
  keys: ReturnType<typeof newBrowserKeys>;
  endpoint: string;
  path: string;
}

/**
 * `appTest` whose app pushes to a push service of its own (`pushServiceForApp`), told to `started`
 * before the app is built.
 */
export function appTestWithPush(settings: Partial<AppConfig>, started: (service: TestPushService) => void) {
  return appTest(async (after) => {
    const push = await pushServiceForApp(after);
    started(push.service);
    return { ...settings, ...push.settings };
  });
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
