import { act } from '@testing-library/react';
import type { SyntheticEvent } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useEarlySubmit } from './early-submit.ts';

interface Sent {
  note: string;
  size: string;
  kind: string;
  urgent: boolean;
}

/** A rendered form with every kind of field the hook puts back; what its `onSubmit` saw each time. */
function Form({ sent }: { sent: Sent[] }) {
  const [formRef, earlyAction] = useEarlySubmit();
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = fields.get(name);
      return typeof value === 'string' ? value : '';
    };
    sent.push({
      note: text('note'),
      size: text('size'),
      kind: text('kind'),
      urgent: fields.get('urgent') === 'on',
    });
  };
  return (
    <form ref={formRef} action={earlyAction} onSubmit={onSubmit}>
      <textarea name="note" defaultValue="" />
      <input name="size" type="number" defaultValue="1" />
      <select name="kind" defaultValue="">
        <option value="">none</option>
        <option value="weekly">weekly</option>
      </select>
      <input name="urgent" type="checkbox" />
      <button type="submit">Send</button>
    </form>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

/**
 * The page as the server sends it: the form rendered, React's form-replay runtime running (the server
 * puts it in the head; here it runs as the page's script would).
 */
function renderedPage(sent: Sent[]): HTMLFormElement {
  const html = renderToString(<Form sent={sent} />);
  const runtime = /<script>([^<]+)<\/script>$/.exec(html)?.[1];
  if (!runtime) throw new Error('no form-replay runtime in the server render');
  document.body.innerHTML = `<div id="root">${html.replace(/<script>[^<]+<\/script>$/, '')}</div>`;
  // React's own runtime, run as the page's script would be.
  const script = document.createElement('script');
  script.textContent = runtime;
  document.head.append(script);
  return document.querySelector('form')!;
}

describe('a rendered form submitted before it is hydrated', () => {
  it('is held, then sent once through its own onSubmit, with every field as typed', async () => {
    const sent: Sent[] = [];
    const form = renderedPage(sent);
    form.querySelector('textarea')!.value = 'Walk the old town';
    form.querySelector<HTMLInputElement>('input[name=size]')!.value = '3';
    form.querySelector('select')!.value = 'weekly';
    form.querySelector<HTMLInputElement>('input[name=urgent]')!.checked = true;
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    // The browser's own submit was stopped; nothing is sent yet.
    expect(submit.defaultPrevented).toBe(true);
    expect(sent).toEqual([]);

    await act(async () => {
      root = hydrateRoot(document.getElementById('root')!, <Form sent={sent} />);
      await Promise.resolve();
    });
    // React replays the held submit in a task of its own, once the form is hydrated.
    await expect.poll(() => sent.length).toBe(1);
    expect(sent).toEqual([{ note: 'Walk the old town', size: '3', kind: 'weekly', urgent: true }]);
    // React's reset after the action left nothing empty.
    expect(form.querySelector('textarea')!.value).toBe('Walk the old town');
    expect(form.querySelector('select')!.value).toBe('weekly');

    // Later submits go straight through onSubmit, once each.
    await act(async () => {
      form.querySelector('button')!.click();
      await Promise.resolve();
    });
    expect(sent).toHaveLength(2);
  });
});
