/**
 * The app `npm run screens` shows (screens.mjs): the built server with its accounts, and the
 * content it is filled with through the API (by the contract's route tables, `api`:
 * built-server.mjs' `routeTable()`).
 */
import { startBuiltServer } from './built-server.mjs';

export const OPERATOR = { email: 'gomeum@example.com', password: 'screens-operator-password' };
export const USER = { email: 'stargazer@example.com', password: 'purr-purr-purr' };
/** A guest of its own per profile (the one-time ask shows once per guest); MERGE_GUEST logs into USER. */
export const GUEST = { guest: true, email: 'guest' };
export const MERGE_GUEST = { guest: true, email: 'merge-guest' };
/** A small picture for proofs and logs. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAO0lEQVRIie3VwQkAMAwCwA7qJC5vx2gfB/kHgvHOmidzLK5TT7jinapApjIDiWIxWCwWh8VgsVjcVyxeL/WW6VdGLmkAAAAASUVORK5CYII=',
  'base64',
);

/**
 * The built app on a free port with an empty data folder, its own SQLite database and no AI;
 * `extraEnv` adds to its settings (an AI stand-in's address, say).
 */
export function startServer(extraEnv = {}) {
  return startBuiltServer({
    env: {
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      AI_BASE_URL: undefined,
      AI_API_KEY: undefined,
      GOMEUM_OPERATOR_EMAIL: OPERATOR.email,
      GOMEUM_OPERATOR_PASSWORD: OPERATOR.password,
      AUTH_RATE_LIMIT: '1000',
      GUEST_RATE_LIMIT: '1000',
      GUEST_DAILY_LIMIT: '1000',
      ...extraEnv,
    },
  });
}

/** Guests who wrote once: more than a page of the dashboard's users, conversations and queue. */
const CROWD = 55;

/**
 * Fills the empty app with what the screens show: a crowd of guests who wrote, then a user with a
 * task, proofs, chat, diary, news (the newest, so on the lists' first pages).
 */
export async function seed(browser, url, api) {
  const to = (route, params) => api.routeUrl(route, params);
  const headers = { origin: url };
  const user = await browser.newContext({ baseURL: url });
  const check = async (response, what) => {
    if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
    return response;
  };
  // A crowd of guests who wrote to Gomeum first: the dashboard's lists run past a page ("Show more").
  const crowd = await browser.newContext({ baseURL: url });
  const lines = ['Hi Gomeum!', 'I watered my plants today.', 'Is the moon awake?', 'I tried a new recipe!'];
  for (let i = 0; i < CROWD; i += 1) {
    await crowd.clearCookies();
    await check(await crowd.request.post(to(api.routes.guest), { headers }), 'crowd guest');
    const content = lines[i % lines.length];
    await check(await crowd.request.post(to(api.routes.sendChatMessage), { data: { content }, headers }), 'crowd');
  }
  await crowd.close();
  await check(await user.request.post(to(api.routes.register), { data: USER, headers }), 'register');
  await check(
    await user.request.put(to(api.routes.confirmTask, { planetId: 'travel' }), {
      data: { description: 'Walk a street I have never walked, and notice three new things', reward: 'Ice cream' },
      headers,
    }),
    'task',
  );
  await check(
    await user.request.put(to(api.routes.setReminder, { planetId: 'travel' }), {
      data: { enabled: true, days: [1, 3, 5], time: '20:30', timeZone: 'Asia/Seoul' },
      headers,
    }),
    'reminder',
  );
  // Two proofs: Gomeum reacts to the first below; the second waits in the dashboard's queue.
  const firstProof = await check(
    await user.request.post(to(api.routes.submitProof, { planetId: 'travel' }), {
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
    await user.request.post(to(api.routes.submitProof, { planetId: 'travel' }), {
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
  await user.request.post(to(api.routes.sendChatMessage), {
    data: { content: 'Hello Gomeum! What are you doing today?', clientId: `screens-${Date.now()}` },
    headers,
  });
  const moon = await user.request.get(to(api.routes.moonQuestions));
  if (moon.ok()) {
    const body = await moon.json();
    const first = (body.questions ?? body)[0];
    if (first?.id) {
      await user.request.put(to(api.routes.answerMoonQuestion, { id: first.id }), {
        data: { answer: 'A quiet morning with tea' },
        headers,
      });
    }
  }
  await user.close();

  const operator = await browser.newContext({ baseURL: url });
  await check(await operator.request.post(to(api.routes.login), { data: OPERATOR, headers }), 'operator login');
  await check(
    await operator.request.post(to(api.operatorRoutes.replyToProof, { logId: reactedProof.id }), {
      data: { content: 'A bakery with its own cat? Purr. Save me a crumb, and tell me what you try first!' },
      headers,
    }),
    'proof reaction',
  );
  await operator.request.post(to(api.operatorRoutes.addGomeumLog, { planetId: 'travel' }), {
    multipart: { content: 'Took the night train to the coast and watched the lighthouse blink until dawn.' },
    headers,
  });
  const update = await check(
    await operator.request.post(to(api.operatorRoutes.createUpdate), {
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
  const broadcast = await check(
    await operator.request.post(to(api.operatorRoutes.broadcast), {
      data: { title: 'Meteor night', message: 'Look up at nine tonight: the sky is putting on a show.' },
      headers,
    }),
    'broadcast',
  );
  // The broadcast's signed link, as the dashboard gives it to share: the home page's popup.
  const { popupPath } = await broadcast.json();
  await operator.close();
  return { updateId, popupPath };
}

export async function signIn(context, url, who, api) {
  const to = (route, params) => api.routeUrl(route, params);
  if (who.guest) {
    const headers = { origin: url };
    const entered = await context.request.post(to(api.routes.guest), { headers });
    if (!entered.ok()) throw new Error(`guest: ${entered.status()}`);
    const task = await context.request.put(to(api.routes.confirmTask, { planetId: 'travel' }), {
      data: { description: 'Walk a street I have never walked', reward: 'Ice cream' },
      headers,
    });
    if (!task.ok()) throw new Error(`guest task: ${task.status()}`);
    return;
  }
  const response = await context.request.post(to(api.routes.login), { data: who, headers: { origin: url } });
  if (!response.ok()) throw new Error(`login ${who.email}: ${response.status()}`);
}
