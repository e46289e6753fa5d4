import fastifyWebsocket from '@fastify/websocket';
import { clientEventSchema, LIVE_CLOSE, type ClientEventType } from '@gomeum/contracts';
import type { FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { RawData, WebSocket } from 'ws';
import { AppError } from '../errors.ts';
import { addRoute, ROUTES, type RouteRequest } from '../route-table.ts';
import { originAllowed } from '../same-origin.ts';
import type { App } from '../zod-provider.ts';
import { addressKey } from '../route-limits.ts';
import { EventLimit } from './event-limit.ts';
import type { LiveHub } from './hub.ts';
import { startHeartbeat } from './heartbeat.ts';
import { DEFAULT_LIVE_MAX_GUEST_SOCKETS_PER_ADDRESS, DEFAULT_LIVE_MAX_SOCKETS } from './limits.ts';

/** Options of the live route. */
export interface LiveRoutesOptions {
  hub: LiveHub;
  /** How often the server pings each socket; a socket that did not answer the last ping is dropped. */
  heartbeatMs: number;
  /** Bytes a socket may leave unsent before it is closed (`LIVE_CLOSE.tooSlow`; see limits.ts). */
  maxBufferedBytes?: number;
  /** Client events a socket may send per 10 seconds before they are refused (60). */
  maxEventsPer10s?: number;
  /**
   * Client events not counted against `maxEventsPer10s`, because their handler throttles them itself
   * and drops the rest at no cost (typing: one passed on per typist every 2 s). Someone typing, or
   * the operator typing in conversation after conversation, never loses the budget their chat needs.
   */
  unmetered?: readonly ClientEventType[];
  /**
   * Frames of any kind (unmetered events too) a socket may send per 10 seconds; one more and it is
   * closed (`LIVE_CLOSE.tooMany`): no person sends that many, a script does (4 × `maxEventsPer10s`).
   */
  maxFramesPer10s?: number;
  /**
   * The sessions (auth): a session that ends (sign-out, rotation) closes its sockets at once, on
   * every instance; and which of these sessions are still signed in, checked every `sessionCheckMs`,
   * so a session that expired or was removed without a sign-out still loses its sockets.
   */
  sessions?: LiveSessions;
  sessionCheckMs: number;
  /** Open sockets one session (a browser's tabs) and one user (all their devices) may hold, per instance. */
  maxPerSession?: number;
  maxPerUser?: number;
  /** Open sockets this instance holds at most; the operator's always get in (`DEFAULT_LIVE_MAX_SOCKETS`). */
  maxSockets?: number;
  /** Guests' open sockets per client address on this instance (`DEFAULT_LIVE_MAX_GUEST_SOCKETS_PER_ADDRESS`). */
  maxGuestSocketsPerAddress?: number;
}

/** What the live route needs of the sessions. */
export interface LiveSessions {
  /** Which of these sessions are still signed in. */
  liveSessions(sessionIds: string[]): Promise<Set<string>>;
  /** Hears every session that ends. */
  onSessionEnded(listener: (sessionId: string) => void): void;
}

// Client events are small; anything larger is a mistake or abuse.
const MAX_PAYLOAD_BYTES = 16 * 1024;

/** A text frame's payload as a string, whichever form `ws` hands it in. */
function textOf(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/**
 * The upgrade's `ServerResponse` (the reply Fastify routed the upgrade through) stays attached to
 * the TCP socket, and with it the request: kilobytes per open WebSocket, never used again once the
 * socket is handed over. Kept here from the pre-upgrade check (its `reply.raw`) and detached from
 * the socket once the upgrade is done.
 */
const upgradeResponses = new WeakMap<FastifyRequest, ServerResponse>();

function releaseUpgradeResponse(request: FastifyRequest): void {
  const response = upgradeResponses.get(request);
  upgradeResponses.delete(request);
  response?.detachSocket(request.raw.socket);
}

/**
 * The live route (`routes.live`): one WebSocket per tab, authenticated by the session cookie (401 before the
 * upgrade otherwise), Origin checked (403), client events validated by the contract, server
 * pings as heartbeats. Everything else is the hub's business.
 */
export async function liveRoutes(app: App, options: LiveRoutesOptions): Promise<void> {
  const { hub } = options;
  const { heartbeatMs } = options;
  const maxEvents = options.maxEventsPer10s ?? 60;
  const limits = { events: maxEvents, frames: options.maxFramesPer10s ?? 4 * maxEvents };
  const unmetered = new Set<string>(options.unmetered ?? []);
  const maxSockets = options.maxSockets ?? DEFAULT_LIVE_MAX_SOCKETS;
  const maxGuestSockets = options.maxGuestSocketsPerAddress ?? DEFAULT_LIVE_MAX_GUEST_SOCKETS_PER_ADDRESS;
  // Guests' open sockets by client address (`addressKey`: an IPv6 client by its /64).
  const guestSockets = new Map<string, number>();
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_PAYLOAD_BYTES } });

  // Pings spread over the interval (a slice of the sockets each second), so ten thousand pongs do
  // not land in one tick; a socket that has not answered its last ping (a pong echoing it, nothing
  // else: a client that stops reading may well keep sending) is dropped.
  const heartbeat = startHeartbeat(() => app.websocketServer.clients, heartbeatMs);

  const { sessions } = options;
  // Never awaited: a slow or broken bus must not hold up (or fail) a sign-out.
  sessions?.onSessionEnded((sessionId) => {
    hub.endSession(sessionId).catch((error: unknown) => app.log.warn({ err: error }, 'live: closing a session'));
  });
  const sessionTimer = setInterval(() => {
    const ids = hub.sessionIds();
    if (!sessions || ids.length === 0) return;
    sessions.liveSessions(ids).then(
      (live) => {
        for (const id of ids) if (!live.has(id)) hub.closeSession(id);
      },
      (error: unknown) => app.log.warn({ err: error }, 'live session check failed'),
    );
  }, options.sessionCheckMs);
  sessionTimer.unref();
  app.addHook('onClose', async () => {
    heartbeat.stop();
    clearInterval(sessionTimer);
  });

  // As the plugin did: logged, and the socket ended at once.
  function onSocketError(this: WebSocket, error: Error): void {
    app.log.warn({ err: error }, 'live socket error');
    this.terminate();
  }

  addRoute(
    app,
    ROUTES.live,
    {
      // Who may connect is the route table's (`user`: 401 before the upgrade); here, from where and how often.
      preValidation: async (request, reply) => {
        if (!originAllowed(request)) throw new AppError('errors.forbidden');
        const { user, sessionId } = request as RouteRequest<typeof ROUTES.live>;
        // More tabs than people really open is a script: refused before the upgrade.
        const open = hub.openFor(sessionId, user.id);
        if (open.session >= (options.maxPerSession ?? 10) || open.user >= (options.maxPerUser ?? 30)) {
          throw new AppError('errors.rate_limited');
        }
        // A guest farm behind one address: its guests' sockets together, never a signed-in person's.
        if (user.isGuest && (guestSockets.get(addressKey(request.ip)) ?? 0) >= maxGuestSockets) {
          throw new AppError('errors.rate_limited');
        }
        // This instance is full: everyone waits (the client retries), but the operator gets in.
        if (user.role !== 'operator' && app.websocketServer.clients.size >= maxSockets) {
          throw new AppError('errors.unavailable');
        }
        upgradeResponses.set(request, reply.raw);
      },
    },
    (socket, request) => {
      const { user, sessionId } = request;
      socket.on('pong', (data) => heartbeat.pong(socket, data));
      const { connection, receive, detach } = hub.attach(user, sessionId, socket, options.maxBufferedBytes);
      const limit = new EventLimit(limits);
      socket.on('message', (data, isBinary) => {
        if (!limit.frame()) {
          connection.send({ type: 'error', code: 'errors.rate_limited' });
          socket.close(LIVE_CLOSE.tooMany, 'too many events');
          return;
        }
        let parsed: unknown;
        try {
          parsed = isBinary ? undefined : JSON.parse(textOf(data));
        } catch {
          parsed = undefined;
        }
        const event = clientEventSchema.safeParse(parsed);
        // Unreadable frames count against the budget like any event that costs work.
        if (!(event.success && unmetered.has(event.data.type)) && !limit.event()) {
          connection.send({ type: 'error', code: 'errors.rate_limited' });
          return;
        }
        if (!event.success) {
          connection.send({ type: 'error', code: 'errors.bad_request' });
          return;
        }
        receive(event.data);
      });
      const address = user.isGuest ? addressKey(request.ip) : undefined;
      if (address !== undefined) guestSockets.set(address, (guestSockets.get(address) ?? 0) + 1);
      socket.on('close', () => {
        detach();
        if (address === undefined) return;
        const left = (guestSockets.get(address) ?? 1) - 1;
        if (left > 0) guestSockets.set(address, left);
        else guestSockets.delete(address);
      });
      // The plugin's own error listener keeps the upgrade's request and reply (with its logger)
      // for the socket's whole life: one listener shared by every socket takes its place.
      socket.removeAllListeners('error');
      socket.on('error', onSocketError);
      // The upgrade's response is done with (the socket was handed over): let it go.
      releaseUpgradeResponse(request);
    },
  );
}
