import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchemaCompiler,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/** Lets Fastify type `request.body`, `params`, `query` and replies from the zod schemas on a route. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.core.$ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.core.$ZodType ? z.input<this['schema']> : unknown;
}

/** A Fastify instance whose routes are typed by zod schemas. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * Whether a value holds a NUL character anywhere (keys included). No text of ours has one, and
 * PostgreSQL refuses it in text columns: such input is a client mistake (400), never a 500.
 */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
  }
  return false;
}

/** Validates request parts with their zod schema; the error keeps zod's issues for the error handler. */
export const validatorCompiler: FastifySchemaCompiler<z.core.$ZodType> =
  ({ schema }) =>
  (data: unknown) => {
    if (containsNul(data)) return { error: new Error('text with a NUL character') };
    const result = z.safeParse(schema, data);
    return result.success ? { value: result.data } : { error: result.error };
  };

/** Serializes replies through their schema, so a route cannot leak a field it did not declare. */
export const serializerCompiler: FastifySerializerCompiler<z.core.$ZodType> =
  ({ schema }) =>
  (data: unknown) =>
    JSON.stringify(z.parse(schema, data));

/**
 * A feature's routes as a Fastify plugin with its options bound: what each `features/<name>/index.ts`
 * hands `app.ts` to register.
 */
export type FeaturePlugin = (app: App) => Promise<void>;
