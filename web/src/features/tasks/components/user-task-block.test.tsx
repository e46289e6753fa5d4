import type { TaskScreen } from '@gomeum/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { fakeServer, renderWithClient } from '../../../test/fake-server.tsx';
import { UserTaskBlock } from './user-task-block.tsx';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const taskScreen: TaskScreen = {
  planet: 'food',
  definition: {
    name: { en: 'Cook a new dish' },
    description: { en: 'Cook one dish you have never made before, from a recipe of another country' },
    reward: { en: 'A dessert' },
  },
  gomeumTask: null,
  userTask: null,
};

describe('UserTaskBlock', () => {
  it("shows Gomeum's suggestion in full under each field, not as a placeholder, and not in the field's name", () => {
    fakeServer({});
    renderWithClient(<UserTaskBlock screen={taskScreen} />);
    const description = screen.getByRole('textbox', { name: 'Description' });
    expect(description).not.toHaveAttribute('placeholder');
    expect(description).toHaveAccessibleDescription(
      'For example: Cook one dish you have never made before, from a recipe of another country',
    );
    expect(screen.getByRole('textbox', { name: 'Reward' })).toHaveAccessibleDescription('For example: A dessert');
  });

  it('marks the fields left empty and takes the user to the first one, with the error read with it', async () => {
    const server = fakeServer({});
    renderWithClient(<UserTaskBlock screen={taskScreen} />);
    const description = screen.getByRole('textbox', { name: 'Description' });
    const reward = screen.getByRole('textbox', { name: 'Reward' });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Task' }));
    expect(description).toHaveAttribute('aria-invalid', 'true');
    expect(reward).toHaveAttribute('aria-invalid', 'true');
    expect(description).toHaveFocus();
    expect(description).toHaveAccessibleDescription(/Please fill in all fields before submitting\.$/);

    // Filled in, a field is no longer marked; the next try takes the user to the one still empty.
    await userEvent.type(description, 'Make bibimbap');
    expect(description).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Task' }));
    expect(reward).toHaveFocus();
    expect(reward).toHaveAttribute('aria-invalid', 'true');
    expect(description).not.toHaveAttribute('aria-invalid');
    expect(server.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});
