import { randomBytes } from 'node:crypto';

/** What the heartbeat needs of a socket (a `ws` WebSocket fits). */
export interface HeartbeatSocket {
  ping(data: Buffer): void;
  terminate(): void;
}

/** The heartbeat's handle: hand it each pong a socket sends, and stop. */
export interface Heartbeat {
  /** A socket sent a pong: it counts as alive when it carries the payload of its last ping. */
  pong(socket: HeartbeatSocket, data: Buffer): void;
  stop(): void;
}

// Bytes of each ping's random payload: a pong must echo them, so only a client that reads can.
const PING_PAYLOAD_BYTES = 8;

/**
 * Pings every socket once per `intervalMs`, and drops a socket that has not answered its previous
 * ping by then. Only a pong counts as an answer, and only the one echoing that ping's random
 * payload: a client that stops reading never sees the ping, so neither the frames it keeps sending
 * nor pongs sent unasked keep it open. Spread like pinging them all in one timer tick: each tick
 * (one of `slices` per interval) visits only the sockets of its slice. Ten thousand sockets pinged
 * in one tick (and their ten thousand pongs right after) stall the event loop for long enough to
 * show in every latency's p99; a thirtieth of them at a time does not.
 */
export function startHeartbeat(
  sockets: () => Iterable<HeartbeatSocket>,
  intervalMs: number,
  slices = Math.max(1, Math.min(30, Math.round(intervalMs / 1_000))),
): Heartbeat {
  const answered = new WeakSet<HeartbeatSocket>();
  // The payload of each socket's ping still unanswered.
  const waiting = new WeakMap<HeartbeatSocket, Buffer>();
  // Each socket's slice, given in turn when first seen, so the slices stay even.
  const sliceOf = new WeakMap<HeartbeatSocket, number>();
  let tick = 0;
  let nextSlice = 0;
  const timer = setInterval(
    () => {
      const current = tick % slices;
      tick += 1;
      for (const socket of sockets()) {
        let slice = sliceOf.get(socket);
        if (slice === undefined) {
          // First seen: counts as answered (it just connected), pinged with its slice from now on.
          slice = nextSlice;
          nextSlice = (nextSlice + 1) % slices;
          sliceOf.set(socket, slice);
          answered.add(socket);
          continue;
        }
        if (slice !== current) continue;
        if (!answered.has(socket)) {
          socket.terminate();
          continue;
        }
        answered.delete(socket);
        const payload = randomBytes(PING_PAYLOAD_BYTES);
        waiting.set(socket, payload);
        socket.ping(payload);
      }
    },
    Math.max(1, Math.floor(intervalMs / slices)),
  );
  timer.unref();
  return {
    pong: (socket, data) => {
      const payload = waiting.get(socket);
      if (!payload?.equals(data)) return;
      waiting.delete(socket);
      answered.add(socket);
    },
    stop: () => clearInterval(timer),
  };
}
