import type { SyntheticEvent } from 'react';
import { vi } from 'vitest';

/** A form's submit event as a hook's handler gets it: its form holding `fields` as a browser would. */
export function submitEvent(fields: Record<string, string>): SyntheticEvent<HTMLFormElement> {
  const form = document.createElement('form');
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.name = name;
    input.value = value;
    form.append(input);
  }
  return { preventDefault: vi.fn(), currentTarget: form } as unknown as SyntheticEvent<HTMLFormElement>;
}
