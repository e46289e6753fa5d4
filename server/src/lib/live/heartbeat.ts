/** What the heartbeat needs of a socket (a `ws` WebSocket fits). */
export interface HeartbeatSocket {
  ping(): void;
  terminate(): void;
}

/** The heartbeat's handle: mark a socket alive (it answered), and stop. */
export interface Heartbeat {
  /** The socket showed it is alive (a pong, a message). */
  alive(socket: HeartbeatSocket): void;
  stop(): void;
}

/**
 * Pings every socket once per `intervalMs`, and drops a socket that has not answered since its
 * previous ping, like pinging them all in one timer tick but spread: each tick (one of `slices`
 * per interval) visits only the sockets of its slice. Ten thousand sockets pinged in one tick
 * (and their ten thousand pongs right after) stall the event loop for long enough to show in
 * every latency's p99; a thirtieth of them at a time does not.
 */
export function startHeartbeat(
  sockets: () => Iterable<HeartbeatSocket>,
  intervalMs: number,
  slices = Math.max(1, Math.min(30, Math.round(intervalMs / 1_000))),
): Heartbeat {
  const answered = new WeakSet<HeartbeatSocket>();
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
        socket.ping();
      }
    },
    Math.max(1, Math.floor(intervalMs / slices)),
  );
  timer.unref();
  return {
    alive: (socket) => answered.add(socket),
    stop: () => clearInterval(timer),
  };
}
