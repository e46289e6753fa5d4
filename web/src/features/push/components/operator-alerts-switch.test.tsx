import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadOperatorStrings } from '../../../lib/i18n.ts';
import { apiError, fakeServer, renderWithClient } from '../../../test/fake-server.tsx';
import { pushBrowser } from '../../../test/push-browser.ts';
import { PUSH_DECLINED_KEY } from '../push-state.ts';
import { OperatorAlertsSwitch } from './operator-alerts-switch.tsx';

const ENDPOINT = 'https://push.example.com/sub/1';

beforeAll(async () => {
  await initI18n('en');
  await loadOperatorStrings();
});
beforeEach(() => {
  localStorage.removeItem(PUSH_DECLINED_KEY);
  Reflect.deleteProperty(navigator, 'serviceWorker');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The server's side: this device's switch, as stored with its subscription. */
function server(initial: { subscribed: boolean; enabled: boolean }) {
  let state = initial;
  return fakeServer({
    'GET /api/push/key': { publicKey: 'BAAA' },
    'POST /api/push/subscriptions': () => {
      state = { subscribed: true, enabled: true };
      return { ok: true };
    },
    'POST /api/operator/alerts/state': ({ body }) =>
      (body as { endpoint: string }).endpoint === ENDPOINT ? state : { subscribed: false, enabled: false },
    'PUT /api/operator/alerts': ({ body }) => {
      state = { subscribed: true, enabled: (body as { enabled: boolean }).enabled };
      return state;
    },
  });
}

describe('OperatorAlertsSwitch', () => {
  it('shows this device’s switch as the server keeps it, and turns it off there (push stays on)', async () => {
    const push = pushBrowser('granted');
    await push.registration.pushManager.subscribe();
    const wire = server({ subscribed: true, enabled: true });
    renderWithClient(<OperatorAlertsSwitch />, '/gomeum-dashboard');
    const button = await screen.findByRole('button', { name: /Alerts here\s*On/ });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toHaveAccessibleDescription(/while no dashboard is open/);
    expect(wire.sent('POST', '/api/operator/alerts/state').map((c) => c.body)).toEqual([{ endpoint: ENDPOINT }]);

    await userEvent.setup().click(button);
    await screen.findByRole('button', { name: /Alerts here\s*Off/ });
    expect(wire.sent('PUT', '/api/operator/alerts').map((c) => c.body)).toEqual([
      { endpoint: ENDPOINT, enabled: false },
    ]);
    expect(push.subscribed()).toBe(true);
  });

  it('with notifications off here, turning it on asks the browser, subscribes, then switches alerts on', async () => {
    const push = pushBrowser('default');
    const wire = server({ subscribed: false, enabled: false });
    renderWithClient(<OperatorAlertsSwitch />, '/gomeum-dashboard');
    const button = await screen.findByRole('button', { name: /Alerts here\s*Off/ });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    // Nothing to ask the server while this device holds no subscription.
    expect(wire.sent('POST', '/api/operator/alerts/state')).toEqual([]);

    await userEvent.setup().click(button);
    await screen.findByRole('button', { name: /Alerts here\s*On/ });
    expect(push.FakeNotification.requestPermission).toHaveBeenCalledOnce();
    expect(wire.sent('POST', '/api/push/subscriptions')).toHaveLength(1);
    expect(wire.sent('PUT', '/api/operator/alerts').map((c) => c.body)).toEqual([
      { endpoint: ENDPOINT, enabled: true },
    ]);
  });

  it('says when the browser blocks notifications, and sends nothing', async () => {
    pushBrowser('denied');
    const wire = server({ subscribed: false, enabled: false });
    renderWithClient(<OperatorAlertsSwitch />, '/gomeum-dashboard');
    const button = await screen.findByRole('button', { name: /Alerts here\s*Blocked/ });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription(/allow them in the site settings/);
    await userEvent.setup().click(button);
    expect(wire.calls).toEqual([]);
  });

  it('a browser without push says so', async () => {
    server({ subscribed: false, enabled: false });
    renderWithClient(<OperatorAlertsSwitch />, '/gomeum-dashboard');
    const button = await screen.findByRole('button', { name: /Alerts here\s*Not available/ });
    expect(button).toHaveAccessibleDescription(/add Gomeum to the home screen/);
  });

  it('a change the server refuses is said, and the switch stays as it was', async () => {
    const push = pushBrowser('granted');
    await push.registration.pushManager.subscribe();
    fakeServer({
      'POST /api/operator/alerts/state': { subscribed: true, enabled: true },
      'PUT /api/operator/alerts': () => apiError(500, 'errors.server'),
    });
    renderWithClient(<OperatorAlertsSwitch />, '/gomeum-dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: /Alerts here\s*On/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not change the alerts on this device.');
    await waitFor(() => expect(screen.getByRole('button', { name: /Alerts here\s*On/ })).toBeEnabled());
  });
});
