import { describe, expect, vi } from 'vitest';
import { userClient, TEST_OPERATOR } from '../../test/accounts.ts';
import { appTest } from '../../test/app-test.ts';
import { guest, listen } from '../../test/chat.ts';
import { LiveSockets, LiveTestClient } from '../../test/live-client.ts';
import { TestClient } from '../../test/test-app.ts';

const it = appTest({ operator: TEST_OPERATOR });

// Every socket here comes from 127.0.0.1: one address, as a family's Wi-Fi or a guest farm is.
describe('live sockets per address and per instance', () => {
  const sockets = new LiveSockets(() => base);
  let base = '';

  it.afterEach(async () => {
    await sockets.closeAll();
  });

  it('holds a few guests’ sockets per address, never counting a signed-in person’s', async ({ newApp }) => {
    const t = await newApp({ operator: TEST_OPERATOR, liveMaxGuestSocketsPerAddress: 3 });
    base = await listen(t);
    const guests = [await guest(t), await guest(t), await guest(t)];
    const tabs = [];
    for (const one of guests) tabs.push(await sockets.connect(one));
    // A fourth guest behind the same address waits; so does another tab of the first three.
    const fourth = await guest(t);
    await expect(LiveTestClient.connect(base, fourth)).rejects.toThrow(/429/);
    await expect(LiveTestClient.connect(base, guests[0] ?? fourth)).rejects.toThrow(/429/);
    // A signed-in person on that address is not a guest: they get in.
    const { client: member } = await userClient(t, 'same-wifi@example.com');
    expect((await sockets.connect(member)).events[0]?.type).toBe('ready');
    // A guest's closed tab frees its place once the server has seen it close.
    await tabs[0]?.close();
    await vi.waitFor(async () => expect((await sockets.connect(fourth)).events[0]?.type).toBe('ready'), {
      timeout: 10_000,
    });
  });

  it('holds at most so many sockets per instance, and always lets the operator in', async ({ newApp }) => {
    const t = await newApp({ operator: TEST_OPERATOR, liveMaxSockets: 3 });
    base = await listen(t);
    const people = [];
    for (let i = 0; i < 3; i += 1) people.push((await userClient(t, `full-${i}@example.com`)).client);
    for (const person of people) await sockets.connect(person);
    const late = (await userClient(t, 'late@example.com')).client;
    await expect(LiveTestClient.connect(base, late)).rejects.toThrow(/503/);
    const gomeum = new TestClient(t);
    expect((await gomeum.post('/api/auth/login', TEST_OPERATOR)).status).toBe(200);
    expect((await sockets.connect(gomeum)).events[0]?.type).toBe('ready');
  });
});
