import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import fastJson from 'fast-json-stringify';
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

/** Turns a reply into its JSON text. */
type Serialize = (data: unknown) => string;

/**
 * The reply's schema as JSON Schema compiled into a function (fast-json-stringify) that writes
 * only the declared fields, and throws when a required one is missing; `null` when the schema has
 * parts JSON Schema cannot say (a transform, a date, a cycle) or the compiler refuses it.
 */
export function compiledSerializer(schema: z.core.$ZodType): Serialize | null {
  try {
    const json = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-07',
      unrepresentable: 'throw',
      cycles: 'throw',
      reused: 'inline',
    });
    return fastJson(allowingUndeclared(json) as Parameters<typeof fastJson>[0]);
  } catch {
    return null;
  }
}

/**
 * The schema without `additionalProperties: false`. Zod drops a field it does not know, and so does
 * the compiled function when it writes an object; but where it must choose a branch (a nullable
 * object, a union), it checks the value against each branch, and a field of the database's row the
 * schema does not name (`user_id`) would then match no branch.
 */
function allowingUndeclared(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(allowingUndeclared);
  if (typeof node !== 'object' || node === null) return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    copy[key] = allowingUndeclared(value);
  }
  return copy;
}

/** The reply parsed by its zod schema (unknown fields dropped, wrong ones refused), then `JSON.stringify`. */
export function parsingSerializer(schema: z.core.$ZodType): Serialize {
  return (data) => JSON.stringify(z.parse(schema, data));
}

/**
 * Serializes replies through their schema, so a route cannot leak a field it did not declare:
 * compiled from the schema where it can be (a reply of 20 proofs in a third of the time zod's
 * parse and `JSON.stringify` take), parsed by zod where it cannot. Compiled on a route's first
 * reply, so starting the server compiles none.
 */
export const serializerCompiler: FastifySerializerCompiler<z.core.$ZodType> = ({ schema }) => {
  let serialize: Serialize | undefined;
  return (data: unknown) => {
    serialize ??= compiledSerializer(schema) ?? parsingSerializer(schema);
    return serialize(data);
  };
};

/**
 * A feature's routes as a Fastify plugin with its options bound: what each `features/<name>/index.ts`
 * hands `app.ts` to register.
 */
export type FeaturePlugin = (app: App) => Promise<void>;
