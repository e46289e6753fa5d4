import { homePopupAnswerSchema, notificationSchema, popupDate, updatePopupLinksSchema } from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import { guestClient, operatorClient, TEST_OPERATOR } from '../../test/accounts.ts';
import { appTest } from '../../test/app-test.ts';
import { TestClient, type TestApp } from '../../test/test-app.ts';

/** What the home page is told about a link's popup (`/?…` → the query it sends). */
async function popupOf(client: TestClient, link: string) {
  const query = new URL(link, 'http://localhost').search;
  const response = await client.get(`/api/home/popup${query}`);
  expect(response.status).toBe(200);
  return homePopupAnswerSchema.parse(response.body).popup;
}

/** The link with one parameter set to `value` (removed when null). */
function withParam(link: string, name: string, value: string | null): string {
  const url = new URL(link, 'http://localhost');
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}

const it = appTest({ operator: TEST_OPERATOR });

describe('home popup links', () => {
  let visitor: TestClient;
  it.beforeAll(async ({ t }) => {
    visitor = new TestClient(t);
  });

  it("shows no popup for the issue's crafted link, or any unsigned one", async () => {
    const crafted =
      '/?popup=true&title=Security notice: your account is locked. Send your password to support@example.com';
    expect(await popupOf(visitor, crafted)).toBeNull();
    expect(await popupOf(visitor, '/?popup=true&title=Meteor%20night&date=2026-11-22')).toBeNull();
    expect(await popupOf(visitor, '/?popup=true&title=x&sig=')).toBeNull();
    expect(await popupOf(visitor, '/?popup=true&title=x&sig=not-a-signature')).toBeNull();
    expect(await popupOf(visitor, '/')).toBeNull();
  });

  it("shows a broadcast's signed link, to anyone, and refuses it with any parameter altered", async ({
    t,
    operator,
  }) => {
    const sent = await operator.post('/api/operator/notifications', { title: 'Meteor night', message: 'Look up!' });
    const { popupPath } = notificationSchema.parse(sent.body);
    const date = popupDate(t.clock.now);
    const expected = { title: 'Meteor night', date, image: null, video: null };
    expect(await popupOf(visitor, popupPath)).toEqual(expected);
    // A signed-in user's broadcast (live event, history and push) carries the same link.
    const { client } = await guestClient(t);
    const history = (await client.get('/api/notifications')).body as { notifications: { popupPath: string }[] };
    expect(history.notifications[0]?.popupPath).toBe(popupPath);
    expect(await popupOf(client, popupPath)).toEqual(expected);

    const altered: Array<[string, string | null]> = [
      ['title', 'Security notice: send your password'],
      ['title', 'Meteor night '],
      ['date', '2030-01-01'],
      ['image', '/favicon.svg'],
      ['video', '/icons/icon-192.png'],
      ['popup', null],
      ['popup', 'yes'],
      ['sig', null],
    ];
    for (const [name, value] of altered) {
      expect(await popupOf(visitor, withParam(popupPath, name, value)), `${name}=${value}`).toBeNull();
    }
    // A signature moved onto other words does not fit them either.
    const other = await operator.post('/api/operator/notifications', { title: 'Eclipse', message: 'Tonight' });
    const sig = new URL(popupPath, 'http://localhost').searchParams.get('sig');
    const otherPath = notificationSchema.parse(other.body).popupPath;
    expect(await popupOf(visitor, withParam(otherPath, 'sig', sig))).toBeNull();
    expect(await popupOf(visitor, otherPath)).toMatchObject({ title: 'Eclipse' });
  });

  it("gives the operator an update's links, one per language with a title, each shown as written", async ({
    t,
    operator,
  }) => {
    const created = await operator.post('/api/operator/updates', {
      title: { en: 'New moon questions', ko: '새 달 질문' },
      content: { en: '<p>Ask.</p>' },
    });
    const id = (created.body as { id: string }).id;
    const answer = await operator.get(`/api/operator/updates/${id}/popup-links`);
    expect(answer.status).toBe(200);
    const { links } = updatePopupLinksSchema.parse(answer.body);
    expect(links.map((link) => link.language).sort()).toEqual(['en', 'ko']);
    const date = popupDate(t.clock.now);
    for (const link of links) {
      const title = link.language === 'en' ? 'New moon questions' : '새 달 질문';
      expect(await popupOf(visitor, link.path)).toEqual({ title, date, image: null, video: null });
    }
    // Only the operator is given links; an unknown update has none.
    const { client } = await guestClient(t);
    expect((await client.get(`/api/operator/updates/${id}/popup-links`)).status).toBe(403);
    expect((await operator.get('/api/operator/updates/nothing/popup-links')).status).toBe(404);
  });

  it('refuses a parameter longer than any link the server makes (400), and a repeated one', async () => {
    expect((await visitor.get(`/api/home/popup?popup=true&title=${'x'.repeat(201)}&sig=abc`)).status).toBe(400);
    expect((await visitor.get('/api/home/popup?popup=true&title=a&title=b&sig=abc')).status).toBe(400);
  });
});

describe('the popup signing key', () => {
  const broadcastLink = async (t: TestApp) => {
    const operator = await operatorClient(t);
    const sent = await operator.post('/api/operator/notifications', { title: 'Same words', message: 'Same day' });
    return notificationSchema.parse(sent.body).popupPath;
  };

  it('is generated once and kept: an instance on the same database accepts the links another made', async ({
    newApp,
  }) => {
    const first = await newApp({ operator: TEST_OPERATOR });
    const link = await broadcastLink(first);
    const second = await newApp({ ...first.config, operator: undefined });
    expect(await popupOf(new TestClient(second), link)).toMatchObject({ title: 'Same words' });
  });

  it('comes from POPUP_SIGNING_KEY when set: links of another key are refused', async ({ newApp }) => {
    const key = 'k'.repeat(40);
    const a = await newApp({ operator: TEST_OPERATOR, popupSigningKey: key });
    const b = await newApp({ operator: TEST_OPERATOR, popupSigningKey: `${key}-other` });
    const link = await broadcastLink(a);
    expect(await popupOf(new TestClient(a), link)).toMatchObject({ title: 'Same words' });
    expect(await popupOf(new TestClient(b), link)).toBeNull();
  });
});
