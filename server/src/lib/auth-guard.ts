import type { Me } from '@gomeum/contracts';

/**
 * Who is asking, on every request. Who may call a route is not decided here but by the route
 * table's `auth` (lib/route-table.ts), whose handlers get `request.user` typed as present.
 */
declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user (guests included), or null. Set for every request by the auth feature. */
    user: Me | null;
    /** The id (token hash) of the session the user is signed in with, or null. */
    sessionId: string | null;
    /**
     * The version of the signed-in user's log (their proofs and Gomeum's reactions: see the
     * `logs_version` migration), read with the session; null when no one is signed in.
     */
    logsVersion: number | null;
  }
}
