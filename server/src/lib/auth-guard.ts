import type { Me } from '@gomeum/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user (guests included), or null. Set for every request by the auth feature. */
    user: Me | null;
    /** The id (token hash) of the session the user is signed in with, or null. */
    sessionId: string | null;
  }
}

/** The signed-in user, or a 401 for anonymous callers. */
export function requireUser(request: FastifyRequest): Me {
  if (!request.user) throw new AppError(401, 'errors.unauthorized');
  return request.user;
}

/** The operator, or 401 for anonymous callers and 403 for everyone else. */
export function requireOperator(request: FastifyRequest): Me {
  const user = requireUser(request);
  if (user.role !== 'operator') throw new AppError(403, 'errors.forbidden');
  return user;
}

/** Route hook form of `requireUser`, for a whole prefix of routes. */
export async function userOnly(request: FastifyRequest): Promise<void> {
  requireUser(request);
}

/** Route hook form of `requireOperator`, for a whole prefix of routes. */
export async function operatorOnly(request: FastifyRequest): Promise<void> {
  requireOperator(request);
}
