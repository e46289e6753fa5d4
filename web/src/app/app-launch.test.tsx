import type { Me } from '@gomeum/contracts';
import { screen, waitFor } from '@testing-library/react';
import { useLocation, useSearch } from 'wouter';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useMe } from '../features/auth/index.ts';
import { initI18n } from '../lib/i18n.ts';
import { fakeServer, renderWithClient } from '../test/fake-server.tsx';
import { OperatorAppLaunch } from './app-launch.tsx';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const person = (role: Me['role']): Me => ({
  id: `u-${role}`,
  email: `${role}@example.com`,
  role,
  isGuest: false,
  guestId: null,
  locale: 'en',
});

function Location() {
  const [pathname] = useLocation();
  const search = useSearch();
  return <p data-testid="location">{pathname + (search ? `?${search}` : '')}</p>;
}

/** Who is signed in, once the app knows: the marker that the launch had all it decides on. */
function Who() {
  const me = useMe();
  return me.data ? <p>signed in: {me.data.role}</p> : null;
}

/** Opens the app at `path` for `me`; resolves once the app knows who is signed in. */
async function launch(path: string, me: Me) {
  const wire = fakeServer({ 'GET /api/me': me });
  renderWithClient(
    <>
      <OperatorAppLaunch />
      <Who />
      <Location />
    </>,
    path,
  );
  await screen.findByText(`signed in: ${me.role}`);
  expect(wire.sent('GET', '/api/me')).toHaveLength(1);
  return screen.getByTestId('location');
}

describe('OperatorAppLaunch', () => {
  it('takes the operator from the installed app’s start to the dashboard', async () => {
    const location = await launch('/?source=app', person('operator'));
    await waitFor(() => expect(location).toHaveTextContent(/^\/gomeum-dashboard$/));
  });

  it('leaves everyone else on the home page', async () => {
    const location = await launch('/?source=app', person('user'));
    expect(location).toHaveTextContent(/^\/\?source=app$/);
  });

  it('leaves the operator on a home page not opened as the app', async () => {
    const location = await launch('/', person('operator'));
    expect(location).toHaveTextContent(/^\/$/);
  });
});
