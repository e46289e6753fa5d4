import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { apiError, fakeServer, renderHookWithClient } from '../../../test/fake-server.tsx';
import { submitEvent } from '../../../test/form-event.ts';
import { useTaskConfirmForm } from './use-task-confirm-form.ts';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

/** The hook with its two text fields on the page, as the form gives them. */
function setup() {
  const rendered = renderHookWithClient(() => useTaskConfirmForm('food'));
  const description = document.body.appendChild(document.createElement('textarea'));
  const reward = document.body.appendChild(document.createElement('textarea'));
  rendered.result.current.descriptionRef.current = description;
  rendered.result.current.rewardRef.current = reward;
  return { ...rendered, description, reward };
}

const filled = { description: 'Make bibimbap', reward: 'A dessert', goal: '1', cadence: '' };

describe('useTaskConfirmForm', () => {
  it('marks the empty fields and focuses the first, sending nothing; typing in one unmarks it', () => {
    const server = fakeServer({});
    const { result, description, reward } = setup();
    act(() => result.current.onSubmit(submitEvent({ ...filled, description: ' ', reward: '' })));
    expect([...result.current.missing]).toEqual(['description', 'reward']);
    expect(result.current.error).toBe('Please fill in all fields before submitting.');
    expect(document.activeElement).toBe(description);

    act(() => result.current.unmark('description'));
    expect([...result.current.missing]).toEqual(['reward']);
    act(() => result.current.onSubmit(submitEvent({ ...filled, reward: '' })));
    expect(document.activeElement).toBe(reward);
    expect(server.calls).toEqual([]);
  });

  it('says when the goal is out of range, once both fields are filled', () => {
    fakeServer({});
    const { result } = setup();
    act(() => result.current.onSubmit(submitEvent({ ...filled, goal: '0' })));
    expect(result.current.missing.size).toBe(0);
    expect(result.current.error).toBe('Please choose a whole number of proofs from 1 to 365.');
    act(() => result.current.onSubmit(submitEvent({ ...filled, description: '', goal: '0' })));
    expect(result.current.error).toBe('Please fill in all fields before submitting.');
  });

  it("confirms the task as filled in, and shows the server's refusal in the user's words", async () => {
    const server = fakeServer({ 'PUT /api/planets/:planetId/task': apiError(409, 'task.error_already_confirmed') });
    const { result } = setup();
    act(() => result.current.onSubmit(submitEvent({ ...filled, goal: '12', cadence: 'weekly' })));
    await waitFor(() =>
      expect(result.current.error).toBe('This task is already confirmed and can no longer be changed.'),
    );
    expect(server.sentTo('PUT', '/api/planets/food/task')[0]?.body).toEqual({
      description: 'Make bibimbap',
      reward: 'A dessert',
      goal: 12,
      cadence: 'weekly',
    });
    expect(result.current.pending).toBe(false);
  });
});
