import type { Me } from '@gomeum/contracts';
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { apiError, fakeServer, renderHookWithClient } from '../../../test/fake-server.tsx';
import { submitEvent } from '../../../test/form-event.ts';
import { meQuery } from '../api/get-me.ts';
import { useRegisterForm } from './use-register-form.ts';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const guest: Me = { id: 'g1', email: null, role: 'user', isGuest: true, guestId: 'G-1234', locale: 'en' };
const user: Me = { id: 'u1', email: 'min@example.com', role: 'user', isGuest: false, locale: 'en', guestId: null };

describe('useRegisterForm', () => {
  it('logs in by default, registers first for a guest, and follows the mode the address asks for', async () => {
    fakeServer({ 'GET /api/me': apiError(401, 'errors.unauthorized') });
    expect(renderHookWithClient(() => useRegisterForm(), '/register').result.current).toMatchObject({
      mode: 'login',
      otherMode: 'register',
    });
    const asGuest = renderHookWithClient(
      () => useRegisterForm(),
      '/register',
      (client) => client.setQueryData(meQuery.queryKey, guest),
    );
    expect(asGuest.result.current).toMatchObject({ mode: 'register', otherMode: 'login', isGuest: true });
    const asked = renderHookWithClient(
      () => useRegisterForm(),
      '/register?mode=login',
      (client) => client.setQueryData(meQuery.queryKey, guest),
    );
    expect(asked.result.current.mode).toBe('login');
  });

  it('says what is missing before anything is sent, in the words of the error code', async () => {
    const server = fakeServer({ 'GET /api/me': apiError(401, 'errors.unauthorized') });
    const { result } = renderHookWithClient(() => useRegisterForm(), '/register?mode=register');
    act(() => result.current.onSubmit(submitEvent({ email: 'min@example.com', password: '' })));
    expect(result.current.formError).toBe('Please fill in both email and password.');
    act(() => result.current.onSubmit(submitEvent({ email: 'min@example.com', password: 'short' })));
    expect(result.current.formError).toBe('The password must be at least 8 characters long.');
    expect(server.calls.filter((call) => call.method !== 'GET')).toEqual([]);
    act(() => result.current.clearError());
    expect(result.current.formError).toBeNull();
  });

  it('signs in and goes back to the page that asked (?next=), else where the server says', async () => {
    const server = fakeServer({
      'GET /api/me': apiError(401, 'errors.unauthorized'),
      'POST /api/auth/login': { user, redirectTo: '/galaxy' },
      'POST /api/auth/guest': { user: guest, redirectTo: '/galaxy' },
    });
    const back = renderHookWithClient(() => useRegisterForm(), '/register?next=%2Ftask%2Ffood');
    expect(back.result.current.next).toBe('/task/food');
    act(() => back.result.current.onSubmit(submitEvent({ email: 'Min@Example.com', password: 'purr-purr-purr' })));
    await waitFor(() => expect(back.location()).toBe('/task/food'));
    expect(server.sent('POST', '/api/auth/login')[0]?.body).toEqual({
      email: 'min@example.com',
      password: 'purr-purr-purr',
    });

    const onward = renderHookWithClient(() => useRegisterForm(), '/register?next=//evil.example');
    expect(onward.result.current.next).toBeNull();
    act(() => onward.result.current.onGuest(submitEvent({})));
    await waitFor(() => expect(onward.location()).toBe('/galaxy'));
    expect(server.sent('POST', '/api/auth/guest')).toHaveLength(1);
  });

  it("shows the server's refusal, and what a form the browser posted itself came back with (?error=)", async () => {
    fakeServer({
      'GET /api/me': apiError(401, 'errors.unauthorized'),
      'POST /api/auth/login': apiError(401, 'register.error_failed'),
    });
    const { result, location } = renderHookWithClient(() => useRegisterForm(), '/register');
    act(() => result.current.onSubmit(submitEvent({ email: 'min@example.com', password: 'purr-purr-purr' })));
    await waitFor(() =>
      expect(result.current.formError).toBe('Authentication failed. Please check your email and password.'),
    );
    expect(location()).toBe('/register');

    const posted = renderHookWithClient(() => useRegisterForm(), '/register?error=register.error_password_short');
    expect(posted.result.current.formError).toBe('The password must be at least 8 characters long.');
    const unknown = renderHookWithClient(() => useRegisterForm(), '/register?error=no.such_code');
    expect(unknown.result.current.formError).toBe('Something went wrong. Please try again.');
  });
});
