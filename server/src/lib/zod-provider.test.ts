import * as ROUTES from '@gomeum/contracts/routes';
import * as OPERATOR_ROUTES from '@gomeum/contracts/operator-routes';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializer, parsingSerializer, serializerCompiler } from './zod-provider.ts';

const proof = z.object({
  id: z.string(),
  count: z.number(),
  label: z.nullable(z.string()),
  reaction: z.optional(z.nullable(z.object({ sender: z.enum(['gomeum', 'gomeum_ai']), content: z.string() }))),
  tags: z.array(z.string()),
});
const reply = z.object({ items: z.array(proof), total: z._default(z.number(), 0) });

describe('reply serializers', () => {
  it('write what zod would, field for field, leaving out what the schema does not declare', () => {
    const data = {
      items: [
        {
          id: 'a',
          count: 2,
          label: null,
          reaction: { sender: 'gomeum', content: 'Good “cat” \u2028 work', password_hash: 'secret' },
          tags: ['x', '"y"'],
          user_id: 'u1',
        },
        { id: 'b', count: 0.5, label: '♪', reaction: null, tags: [], email: 'a@b.c' },
        { id: 'c', count: -1, label: 'l', tags: ['z'] },
      ],
      total: 3,
      token: 'secret',
    };
    const compiled = compiledSerializer(reply);
    expect(compiled).not.toBeNull();
    const text = compiled!(data);
    // The same fields and values (the compiled function writes required fields before optional ones).
    expect(JSON.parse(text)).toEqual(JSON.parse(parsingSerializer(reply)(data)));
    expect(text).not.toContain('secret');
    expect(text).not.toContain('user_id');
    expect(text).not.toContain('a@b.c');
  });

  it('fill a default the way zod does', () => {
    const data = { items: [] };
    expect(compiledSerializer(reply)!(data)).toBe('{"items":[],"total":0}');
    expect(parsingSerializer(reply)(data)).toBe('{"items":[],"total":0}');
  });

  it('refuse a reply that lacks a required field instead of writing half of it', () => {
    const missing = { items: [{ id: 'a', count: 1, tags: [] }] };
    expect(() => compiledSerializer(reply)!(missing)).toThrow();
    expect(() => parsingSerializer(reply)(missing)).toThrow();
  });

  it('leave to zod a schema JSON Schema cannot say', () => {
    const transformed = z.object({
      at: z.pipe(
        z.number(),
        z.transform((n) => new Date(n).toISOString()),
      ),
    });
    expect(compiledSerializer(transformed)).toBeNull();
    const serialize = serializerCompiler({ schema: transformed, method: 'GET', url: '/', httpStatus: '200' });
    expect(serialize({ at: 0, extra: 1 })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
  });

  it('compile every route reply of the contract', () => {
    const routes = [...Object.values(ROUTES), ...Object.values(OPERATOR_ROUTES)] as { response?: z.core.$ZodType }[];
    const replies = routes.flatMap((route) => (route.response ? [route.response] : []));
    expect(replies.length).toBeGreaterThan(40);
    const refused = replies.filter((schema) => compiledSerializer(schema) === null);
    expect(refused).toEqual([]);
  });
});
