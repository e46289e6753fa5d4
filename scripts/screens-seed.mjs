/**
 * The screens' server and content (`npm run screens`): the built app started on a free port with an
 * empty data folder, filled with a little content through the API, and the accounts that see it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './build-state.mjs';

export const OPERATOR = { email: 'gomeum@example.com', password: 'screens-operator-password' };
export const USER = { email: 'stargazer@example.com', password: 'purr-purr-purr' };
/** A guest of its own per profile (the one-time ask shows once per guest); MERGE_GUEST logs into USER. */
export const GUEST = { guest: true, email: 'guest' };
export const MERGE_GUEST = { guest: true, email: 'merge-guest' };
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAO0lEQVRIie3VwQkAMAwCwA7qJC5vx2gfB/kHgvHOmidzLK5TT7jinapApjIDiWIxWCwWh8VgsVjcVyxeL/WW6VdGLmkAAAAASUVORK5CYII=',
  'base64',
);

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Starts the built server; `extraEnv` adds to its settings (an AI stand-in's address, say). */
export async function startServer(extraEnv = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-screens-'));
  const port = await freePort();
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.AI_BASE_URL;
  delete env.AI_API_KEY;
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      GOMEUM_OPERATOR_EMAIL: OPERATOR.email,
      GOMEUM_OPERATOR_PASSWORD: OPERATOR.password,
      AUTH_RATE_LIMIT: '1000',
      GUEST_RATE_LIMIT: '1000',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, stop };
}

/** Fills the empty app with what the screens show: a user with a task, proofs, chat, diary, news. */
export async function seed(browser, url) {
  const headers = { origin: url };
  const user = await browser.newContext({ baseURL: url });
  const check = async (response, what) => {
    if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
    return response;
  };
  await check(await user.request.post('/api/auth/register', { data: USER, headers }), 'register');
  await check(
    await user.request.put('/api/planets/travel/task', {
      data: { description: 'Walk a street I have never walked, and notice three new things', reward: 'Ice cream' },
      headers,
    }),
    'task',
  );
  await check(
    await user.request.put('/api/planets/travel/reminder', {
      data: { enabled: true, days: [1, 3, 5], time: '20:30', timeZone: 'Asia/Seoul' },
      headers,
    }),
    'reminder',
  );
  // Two proofs: Gomeum reacts to the first below; the second waits in the dashboard's queue.
  const firstProof = await check(
    await user.request.post('/api/planets/travel/logs', {
      multipart: {
        date: '2026-11-23',
        title: 'A bakery behind the station',
        content: 'Found a tiny bakery behind the station; the baker has a cat too.',
        image: { name: 'proof.png', mimeType: 'image/png', buffer: PNG },
      },
      headers,
    }),
    'proof',
  );
  const { log: reactedProof } = await firstProof.json();
  await check(
    await user.request.post('/api/planets/travel/logs', {
      multipart: {
        date: '2026-11-24',
        title: 'The canal at dusk',
        content: 'Walked along the canal at dusk: a heron, a red door and a mural of a whale.',
        image: { name: 'proof.png', mimeType: 'image/png', buffer: PNG },
      },
      headers,
    }),
    'second proof',
  );
  await user.request.post('/api/chat/messages', {
    data: { content: 'Hello Gomeum! What are you doing today?', clientId: `screens-${Date.now()}` },
    headers,
  });
  const moon = await user.request.get('/api/moon/questions');
  if (moon.ok()) {
    const body = await moon.json();
    const first = (body.questions ?? body)[0];
    if (first?.id) {
      await user.request.put(`/api/moon/questions/${first.id}/answer`, {
        data: { answer: 'A quiet morning with tea' },
        headers,
      });
    }
  }
  await user.close();

  const operator = await browser.newContext({ baseURL: url });
  await check(await operator.request.post('/api/auth/login', { data: OPERATOR, headers }), 'operator login');
  await check(
    await operator.request.post(`/api/operator/proofs/${reactedProof.id}/reaction`, {
      data: { content: 'A bakery with its own cat? Purr. Save me a crumb, and tell me what you try first!' },
      headers,
    }),
    'proof reaction',
  );
  await operator.request.post('/api/operator/gomeum-logs/travel', {
    multipart: { content: 'Took the night train to the coast and watched the lighthouse blink until dawn.' },
    headers,
  });
  const update = await check(
    await operator.request.post('/api/operator/updates', {
      headers,
      data: {
        title: { en: 'The moon has new questions', zh: '月亮有了新问题', ko: '달에 새 질문이 생겼어요' },
        content: {
          en: '<p>Sixteen questions now wait on the moon. Answer one a day, and <strong>Gomeum</strong> answers too.</p>',
          zh: '<p>月亮上现在有十六个问题在等你。每天回答一个，<strong>Gomeum</strong>也会回答。</p>',
          ko: '<p>이제 달에서 열여섯 개의 질문이 기다리고 있어요. 하루에 하나씩 답해 보세요. <strong>Gomeum</strong>도 답해요.</p>',
        },
      },
    }),
    'update',
  );
  const { id: updateId } = await update.json();
  await operator.request.post('/api/operator/notifications', {
    data: { title: 'Meteor night', message: 'Look up at nine tonight: the sky is putting on a show.' },
    headers,
  });
  await operator.close();
  return { updateId };
}

export async function signIn(context, url, who) {
  if (who.guest) {
    const headers = { origin: url };
    const entered = await context.request.post('/api/auth/guest', { headers });
    if (!entered.ok()) throw new Error(`guest: ${entered.status()}`);
    const task = await context.request.put('/api/planets/travel/task', {
      data: { description: 'Walk a street I have never walked', reward: 'Ice cream' },
      headers,
    });
    if (!task.ok()) throw new Error(`guest task: ${task.status()}`);
    return;
  }
  const response = await context.request.post('/api/auth/login', { data: who, headers: { origin: url } });
  if (!response.ok()) throw new Error(`login ${who.email}: ${response.status()}`);
}
