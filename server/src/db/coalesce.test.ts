import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesce.ts';

/** A coalesced doubling whose calls to `many` and `one` are recorded; `refuse` fails those inputs. */
function doubling({ refuse = [] as number[], max }: { refuse?: number[]; max?: number } = {}) {
  const many: number[][] = [];
  const one: number[] = [];
  const call = coalesced<number, number>(
    {
      many: async (inputs) => {
        many.push([...inputs]);
        if (inputs.some((input) => refuse.includes(input))) throw new Error('refused');
        return inputs.map((input) => input * 2);
      },
      one: async (input) => {
        one.push(input);
        if (refuse.includes(input)) throw new Error(`refused ${input}`);
        return input * 2;
      },
    },
    max,
  );
  return { call, many, one };
}

describe('coalesced', () => {
  it('answers the calls of one turn with one query, each caller its own answer', async () => {
    const { call, many, one } = doubling();
    await expect(Promise.all([call(1), call(2), call(3)])).resolves.toEqual([2, 4, 6]);
    expect(many).toEqual([[1, 2, 3]]);
    expect(one).toEqual([]);
  });

  it('runs a lone call as its own query', async () => {
    const { call, many, one } = doubling();
    await expect(call(5)).resolves.toBe(10);
    expect(many).toEqual([]);
    expect(one).toEqual([5]);
  });

  it('never adds a call to a query already sent: it waits for the next one', async () => {
    const { call, many } = doubling();
    const first = Promise.all([call(1), call(2)]);
    // The first pair's query is sent at the end of this turn; these come a turn later.
    await new Promise((resolve) => setImmediate(resolve));
    const second = Promise.all([call(3), call(4)]);
    await expect(first).resolves.toEqual([2, 4]);
    await expect(second).resolves.toEqual([6, 8]);
    expect(many).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('sends a full batch at once and gathers the rest in the next', async () => {
    const { call, many } = doubling({ max: 2 });
    await expect(Promise.all([call(1), call(2), call(3), call(4), call(5)])).resolves.toEqual([2, 4, 6, 8, 10]);
    expect(many).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('when the query fails, asks again for each input alone: only the refused input fails its caller', async () => {
    const { call, many, one } = doubling({ refuse: [2] });
    const results = await Promise.allSettled([call(1), call(2), call(3)]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : String(result.reason)))).toEqual([
      2,
      'Error: refused 2',
      6,
    ]);
    expect(many).toEqual([[1, 2, 3]]);
    expect(one.sort()).toEqual([1, 2, 3]);
  });

  it('fails every caller of a query that answered the wrong number of inputs', async () => {
    const call = coalesced<number, number>({ many: async () => [1], one: async (input) => input });
    const results = await Promise.allSettled([call(1), call(2)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
