/**
 * The present companion's screens (`npm run screens -- companion`): the user's chat panel with
 * "Gomeum is typing…" and their message marked "Seen", and the operator's conversation with the
 * user typing and a drafted reply in the reply box. Both sides are open at once, so each is drawn
 * by the other's real events, on a server of its own whose AI is a stand-in on this machine.
 */
import { FakeAi } from './fake-ai.mjs';
import { OPERATOR, startServer } from './screens-seed.mjs';

export const COMPANION_SCREENS = ['companion-chat', 'companion-dashboard'];

const KEY = 'sk-screens-stand-in';

/** Each language's conversation: what the user says, the AI's answer to the first, the draft for the second. */
const TALK = {
  en: {
    first: 'I walked a street I had never walked today, and found a tiny bookshop!',
    answer: 'A tiny bookshop? Purr… Did you find a book that smells of old paper?',
    second: 'Yes, three! Can you help me choose which to read first?',
    draft: 'Of course! Start with the thinnest one: small steps, like new streets. What is its title?',
  },
  zh: {
    first: '今天我走了一条从没走过的街，发现了一家小书店！',
    answer: '小书店？呼噜……有没有找到一本闻起来像旧纸的书？',
    second: '有，三本！你能帮我选先读哪一本吗？',
    draft: '当然！先读最薄的那本：一小步一小步，就像走新的街。它叫什么名字？',
  },
  ko: {
    first: '오늘 처음 걸어 보는 길에서 작은 서점을 찾았어요!',
    answer: '작은 서점이요? 골골… 오래된 종이 냄새가 나는 책도 있었나요?',
    second: '네, 세 권이나요! 어떤 책부터 읽을지 골라 줄래요?',
    draft: '물론이죠! 가장 얇은 책부터 시작해요. 새 길처럼 한 걸음씩요. 제목이 뭐예요?',
  },
};

/**
 * The stand-in AI: answers the conversation's last user message with its line from TALK (the AI's
 * answer, or the draft), streamed a few words at a time as a real one would.
 */
function standInAi() {
  const replies = new Map(
    Object.values(TALK).flatMap((talk) => [
      [talk.first, talk.answer],
      [talk.second, talk.draft],
    ]),
  );
  const lastQuestion = (body) => body.messages.findLast((message) => message.role === 'user')?.content ?? '';
  const chunks = (body) => (replies.get(lastQuestion(body)) ?? 'Purr.').split(/(?<= )/);
  return new FakeAi({ key: KEY, mode: { kind: 'stream', chunks, delayMs: 40 } });
}

/** Polls `read` until it gives something truthy (a script on a busy machine: a bound, then a failure). */
async function until(read, what) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`companion screens: ${what} did not happen`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * One user per language, who told Gomeum of a find (the AI answered: the operator was away) and
 * then asked something while the operator was online (nobody answered: it waits for Gomeum).
 */
async function seedCompanion(browser, url, api) {
  const to = (route, params) => api.routeUrl(route, params);
  const headers = { origin: url };
  const operator = await browser.newContext({ baseURL: url });
  await operator.request.post(to(api.routes.login), { data: OPERATOR, headers });
  const users = {};
  for (const [language, talk] of Object.entries(TALK)) {
    const who = { email: `reader-${language}@example.com`, password: 'purr-purr-purr' };
    const context = await browser.newContext({ baseURL: url });
    const registered = await context.request.post(to(api.routes.register), { data: who, headers });
    if (!registered.ok()) throw new Error(`register ${who.email}: ${registered.status()}`);
    await context.request.put(to(api.routes.setLocale), { data: { locale: language }, headers });
    // The chat opened once (its welcome comes first), then the user writes.
    const page = await context.newPage();
    await page.goto('/galaxy');
    await until(async () => {
      const { messages } = await (await context.request.get(to(api.routes.chatMessages))).json();
      return messages.some((message) => message.kind === 'welcome');
    }, `the welcome in ${language}`);
    await page.close();
    await context.request.post(to(api.routes.sendChatMessage), { data: { content: talk.first }, headers });
    await until(async () => {
      const { messages } = await (await context.request.get(to(api.routes.chatMessages))).json();
      return messages.some((message) => message.sender === 'gomeum_ai' && message.content === talk.answer);
    }, `the AI's answer in ${language}`);
    users[language] = { ...who, id: (await (await context.request.get(to(api.routes.me))).json()).id, context };
  }
  // The operator's dashboard open: Gomeum is online, so the second messages wait for an answer.
  const dashboard = await operator.newPage();
  await dashboard.goto('/gomeum-dashboard?section=overview');
  await until(
    async () => (await (await operator.request.get(to(api.operatorRoutes.presence))).json()).online,
    'online',
  );
  for (const [language, talk] of Object.entries(TALK)) {
    await users[language].context.request.post(to(api.routes.sendChatMessage), {
      data: { content: talk.second },
      headers,
    });
    await users[language].context.close();
  }
  await operator.close();
  return users;
}

/**
 * Draws both screens in each language and size: `context(url, size, language, who)` makes a
 * signed-in browser profile, `settle(page)` waits for a page to be still, `save(page, name, size,
 * language)` takes the picture.
 */
export async function shootCompanion({ browser, api, languages, sizes, names, context, settle, save }) {
  const ai = standInAi();
  const server = await startServer({ AI_BASE_URL: await ai.start(), AI_API_KEY: KEY });
  try {
    const users = await seedCompanion(browser, server.url, api);
    for (const language of languages) {
      for (const size of sizes) {
        const reader = users[language];
        const userProfile = await context(server.url, size, language, reader);
        const operatorProfile = await context(server.url, size, language, OPERATOR);
        const user = await userProfile.newPage();
        await user.goto('/galaxy');
        await settle(user);
        await user.locator('.chat__toggle').first().click();
        await user.locator('[data-sender="user"]', { hasText: TALK[language].second }).waitFor();
        const operator = await operatorProfile.newPage();
        await operator.goto(`/gomeum-dashboard?section=chat&user=${reader.id}`);
        // Opening the conversation reads it (the user's message shows "Seen") and drafts a reply.
        const box = operator.locator('.inbox__conversation form textarea');
        await until(async () => (await box.inputValue()) === TALK[language].draft, 'the draft');
        await user.getByTestId('chat-seen').waitFor();
        await settle(operator);
        await settle(user);

        // The user types (and has not sent): the operator sees it beside the conversation.
        await user.locator('.chat__input').pressSequentially(TALK[language].second.slice(0, 6), { delay: 30 });
        await operator.getByTestId('user-typing').filter({ hasText: /\S/ }).waitFor();
        if (names.includes('companion-dashboard')) await save(operator, 'companion-dashboard', size, language);
        await user.locator('.chat__input').fill('');

        // The operator types after the draft: the user sees Gomeum typing.
        await box.press('End');
        await box.pressSequentially(' Purr', { delay: 30 });
        await user.getByTestId('gomeum-typing').filter({ hasText: /\S/ }).waitFor();
        if (names.includes('companion-chat')) await save(user, 'companion-chat', size, language);
        await userProfile.close();
        await operatorProfile.close();
      }
    }
  } finally {
    await server.stop();
    await ai.stop();
  }
}
