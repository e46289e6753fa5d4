import type { GuestMergeOffer } from '@gomeum/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { guestMergeOfferQuery } from '../../auth/index.ts';
import { apiError, fakeServer } from '../../../test/fake-server.tsx';
import { GuestMergeDialog } from './guest-merge-dialog.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const MERGE = 'POST /api/me/guest-merge';

function renderWithOffer() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <GuestMergeDialog />
    </QueryClientProvider>,
  );
  const offer: GuestMergeOffer = { tasks: 2, proofs: 3, messages: 0, answers: 1 };
  act(() => {
    client.setQueryData(guestMergeOfferQuery.queryKey, () => offer);
  });
  return client;
}

describe('GuestMergeDialog', () => {
  it('shows nothing without an offer', () => {
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <GuestMergeDialog />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('counts what the guest would bring, and brings it when asked', async () => {
    const server = fakeServer({ [MERGE]: { ok: true, merged: true, rows: 12 } });
    const client = renderWithOffer();
    const dialog = await screen.findByRole('dialog', { name: 'Bring your guest work along?' });
    expect(dialog).toHaveTextContent('Tasks 2');
    expect(dialog).toHaveTextContent('Proofs 3');
    expect(dialog).toHaveTextContent('Moon answers 1');
    // Nothing to say about what is not there.
    expect(dialog).not.toHaveTextContent('Chat messages');

    await userEvent.click(screen.getByRole('button', { name: 'Bring it all' }));
    expect(await screen.findByRole('dialog', { name: 'All here now' })).toBeInTheDocument();
    expect(server.calls).toEqual([{ method: 'POST', url: '/api/me/guest-merge', body: { accept: true } }]);
    // The offer is used up.
    expect(client.getQueryData(guestMergeOfferQuery.queryKey)).toBeNull();
  });

  it('leaves the work with the guest, and explains an offer that ran out', async () => {
    fakeServer({ [MERGE]: { ok: true, merged: false, rows: 0 } });
    renderWithOffer();
    await userEvent.click(await screen.findByRole('button', { name: 'Leave it' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fakeServer({ [MERGE]: apiError(404, 'errors.not_found') });
    renderWithOffer();
    await userEvent.click(await screen.findByRole('button', { name: 'Bring it all' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This offer has run out.');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
