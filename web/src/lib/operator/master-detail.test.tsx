import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MasterDetail, useOpenItem } from './master-detail.tsx';

/** A list of three, the one open beside it; in the browser's own address and history (no memory router). */
function People() {
  const { selected, open, close } = useOpenItem('user');
  return (
    <MasterDetail open={selected !== null} backLabel="Back to the people" onBack={() => close()}>
      <ul>
        {['ann', 'bo', 'cy'].map((id) => (
          <li key={id}>
            <button type="button" aria-pressed={selected === id} onClick={() => open(id)}>
              {id}
            </button>
          </li>
        ))}
      </ul>
      {selected ? (
        <section aria-label="Person">
          <h2>{selected}</h2>
          <button type="button" onClick={() => close({ replace: true })}>
            Forget
          </button>
        </section>
      ) : (
        <p>Choose someone.</p>
      )}
    </MasterDetail>
  );
}

const search = () => window.location.search;

/** The browser's back, once the app has heard it. */
async function browserBack(expected: string) {
  act(() => window.history.back());
  await waitFor(() => expect(search()).toBe(expected));
}

beforeEach(() => {
  window.history.replaceState(null, '', '/gomeum-dashboard?section=chat');
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('MasterDetail and useOpenItem', () => {
  it('keeps the item open in the address: opening adds an entry, the back control is the browser’s back', async () => {
    const user = userEvent.setup();
    render(<People />);
    expect(screen.getByText('Choose someone.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Back to the people/ })).toBeNull();
    const before = window.history.length;

    await user.click(screen.getByRole('button', { name: 'bo' }));
    expect(search()).toBe('?section=chat&user=bo');
    expect(window.history.length).toBe(before + 1);
    expect(screen.getByRole('heading', { name: 'bo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'bo' })).toHaveAttribute('aria-pressed', 'true');

    // The back control steps back in the history: the list's entry, with nothing new added.
    await user.click(screen.getByRole('button', { name: /Back to the people/ }));
    await waitFor(() => expect(search()).toBe('?section=chat'));
    expect(await screen.findByText('Choose someone.')).toBeInTheDocument();
    expect(window.history.length).toBe(before + 1);

    // The browser's forward and back go through the same two entries.
    act(() => window.history.forward());
    expect(await screen.findByRole('heading', { name: 'bo' })).toBeInTheDocument();
    await browserBack('?section=chat');
    expect(screen.queryByRole('heading', { name: 'bo' })).toBeNull();
  });

  it('opened by a link (no list behind it), the back control replaces the entry with the list’s, keeping the section', async () => {
    window.history.replaceState(null, '', '/gomeum-dashboard?section=chat&user=cy');
    const user = userEvent.setup();
    render(<People />);
    expect(screen.getByRole('heading', { name: 'cy' })).toBeInTheDocument();
    const before = window.history.length;
    await user.click(screen.getByRole('button', { name: /Back to the people/ }));
    expect(search()).toBe('?section=chat');
    expect(window.history.length).toBe(before);
    expect(await screen.findByText('Choose someone.')).toBeInTheDocument();
  });

  it('closes an item that is gone without leaving an entry to come forward to', async () => {
    const user = userEvent.setup();
    render(<People />);
    await user.click(screen.getByRole('button', { name: 'ann' }));
    await user.click(screen.getByRole('button', { name: 'Forget' }));
    expect(search()).toBe('?section=chat');
    expect(await screen.findByText('Choose someone.')).toBeInTheDocument();
    // The item's entry became the list's: one step back is the list as it was before the item opened.
    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    act(() => window.history.back());
    await popped;
    expect(search()).toBe('?section=chat');
  });

  it('marks which view shows, for the phone layout to show one at a time', async () => {
    const user = userEvent.setup();
    const { container } = render(<People />);
    const root = container.querySelector('.master-detail');
    expect(root).toHaveAttribute('data-view', 'list');
    await user.click(screen.getByRole('button', { name: 'cy' }));
    expect(root).toHaveAttribute('data-view', 'detail');
  });
});
