import type { ErrorCode } from '@gomeum/contracts';
import { ERRORS, isErrorCode } from '@gomeum/contracts';
import { errorWords } from '@gomeum/contracts/operator-errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { containsNul } from './zod-provider.ts';

/**
 * An error a service throws on purpose: it becomes `{ error: { code, message } }` with the code's
 * status (contracts' ERRORS: each code has one).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    /** `retryAfterS`: sent as `Retry-After`, when trying again later is the answer. */
    readonly options: { retryAfterS?: number } = {},
  ) {
    super(errorWords(code));
    this.name = 'AppError';
  }

  /** The HTTP status of its code. */
  get status(): number {
    return ERRORS[this.code].status;
  }
}

/** The JSON body of an error response: the code and its English words (from the contract). */
export function errorBody(code: ErrorCode, message?: string) {
  return { error: { code, message: message ?? errorWords(code) } };
}

/** The first issue whose message is one of our codes decides the code; otherwise a generic 400. */
function codeFromZod(error: z.core.$ZodError): ErrorCode {
  const codes = error.issues.map((issue) => issue.message).filter(isErrorCode);
  if (codes.includes('register.error_missing_fields')) return 'register.error_missing_fields';
  return codes[0] ?? 'errors.bad_request';
}

/** Parses data a route had to read itself (multipart fields): 400 with the schema's code on failure. */
export function parseOrThrow<T extends z.core.$ZodType>(schema: T, data: unknown): z.output<T> {
  if (containsNul(data)) throw new AppError('errors.bad_request');
  const result = z.safeParse(schema, data);
  if (!result.success) throw new AppError(codeFromZod(result.error));
  return result.data;
}

// PostgreSQL SQLSTATEs that mean "not now" rather than "never": the connection or the server went
// away (class 08), the server is shutting down or starting (57P01–57P03), or has no room for
// another connection (53300).
const PG_UNAVAILABLE = /^(08...|57P0[1-3]|53300)$/;
// Node's socket errors on the way to a database (or any other service the request needed).
const NETWORK_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
// Errors the pg driver throws without a code when a connection is lost or cannot be made.
const PG_LOST =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

/**
 * Whether a failure came from the world outside the process rather than from the request or our
 * code: `unavailable` (the database is restarting or unreachable, SQLite is locked) answers 503,
 * `storage_full` (no space left for the database or a file) answers 507; both are worth a retry.
 */
export function infrastructureFailure(error: unknown): 'unavailable' | 'storage_full' | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL' || code === '53100') return 'storage_full';
  if (NETWORK_UNAVAILABLE.has(code) || PG_UNAVAILABLE.test(code)) return 'unavailable';
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || code.startsWith('SQLITE_BUSY_')) return 'unavailable';
  const message = error instanceof Error ? error.message : '';
  if (PG_LOST.test(message)) return 'unavailable';
  // A Kysely or driver error may wrap the real one.
  return 'cause' in error && error.cause !== error ? infrastructureFailure(error.cause) : null;
}

function statusCodeOf(error: FastifyError): number {
  return typeof error.statusCode === 'number' ? error.statusCode : 500;
}

/**
 * Turns any thrown error into the API's error shape. Client mistakes (bad JSON, wrong types, huge
 * bodies, wrong content type) are 4xx with a clear code, never a 500; failures of the outside world
 * are 503/507 and told to `onInfrastructure` (readiness hears of a full disk this way); the rest
 * are logged as our own failures.
 */
export function errorHandler(onInfrastructure: (kind: 'unavailable' | 'storage_full') => void = () => undefined) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
    handleError(error, request, reply, onInfrastructure);
}

function handleError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  onInfrastructure: (kind: 'unavailable' | 'storage_full') => void,
) {
  if (error instanceof AppError) {
    const { retryAfterS } = error.options;
    if (retryAfterS !== undefined) reply.header('retry-after', String(retryAfterS));
    return reply.status(error.status).send(errorBody(error.code, error.message));
  }
  // Fastify marks request-validation failures; a ZodError without that mark is a reply that did
  // not match its schema, which is our bug and stays a 500.
  if ('validationContext' in error || error.code === 'FST_ERR_VALIDATION') {
    const code = error instanceof z.core.$ZodError ? codeFromZod(error) : 'errors.bad_request';
    return reply.status(ERRORS[code].status).send(errorBody(code));
  }
  const status = statusCodeOf(error);
  if (status === 413) return reply.status(413).send(errorBody('errors.payload_too_large'));
  if (status === 415) return reply.status(415).send(errorBody('errors.unsupported_media_type'));
  if (status === 429) return reply.status(429).send(errorBody('errors.rate_limited'));
  if (status === 404) return reply.status(404).send(errorBody('errors.not_found'));
  if (status >= 400 && status < 500) return reply.status(status).send(errorBody('errors.bad_request'));
  const infrastructure = infrastructureFailure(error);
  if (infrastructure) {
    onInfrastructure(infrastructure);
    request.log.warn({ err: error }, 'request failed: %s', infrastructure);
    if (infrastructure === 'storage_full') return reply.status(507).send(errorBody('errors.storage_full'));
    return reply.status(503).header('retry-after', '1').send(errorBody('errors.unavailable'));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send(errorBody('errors.server'));
}
