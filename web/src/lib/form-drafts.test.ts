import { describe, expect, it } from 'vitest';
import { draftStore, forgetDrafts } from './form-drafts.ts';

describe('draftStore', () => {
  it('keeps a draft per person and form, never for nobody, and forgets them all on logout', () => {
    const store = draftStore<{ text: string }>();
    store.keep('u1', 'music', { text: 'scales' });
    store.keep(null, 'music', { text: 'lost' });
    expect(store.read('u1', 'music')).toEqual({ text: 'scales' });
    expect(store.read('u2', 'music')).toBeNull();
    expect(store.read('u1', 'food')).toBeNull();
    expect(store.read(null, 'music')).toBeNull();
    store.keep('u1', 'music', null);
    expect(store.read('u1', 'music')).toBeNull();
    store.keep('u1', 'food', { text: 'tofu' });
    forgetDrafts();
    expect(store.read('u1', 'food')).toBeNull();
  });
});
