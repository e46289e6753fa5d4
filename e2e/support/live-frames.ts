import type { Page } from 'playwright-core';

/** One live event a page received, by its type, in the order received. */
export interface LiveFrame {
  type: string;
  event: Record<string, unknown>;
}

/**
 * Follows the live events `page` receives from now on (call before it opens its socket):
 * `next(test)` resolves with the first event, received after `after` frames, that passes `test`.
 * A later event is the marker that an earlier one did not come: the server sends a socket's
 * events in order.
 */
export function liveFrames(page: Page) {
  const frames: LiveFrame[] = [];
  let waiters: { test: (frame: LiveFrame, index: number) => boolean; resolve: (index: number) => void }[] = [];
  page.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => {
      const event = JSON.parse(String(frame.payload)) as Record<string, unknown>;
      const received = { type: String(event.type), event };
      const index = frames.push(received) - 1;
      waiters = waiters.filter((waiter) => {
        if (!waiter.test(received, index)) return true;
        waiter.resolve(index);
        return false;
      });
    });
  });
  return {
    frames,
    /** Index of the first frame after `after` (default: any) that passes `test`, received or coming. */
    next(test: (frame: LiveFrame) => boolean, after = -1): Promise<number> {
      const seen = frames.findIndex((frame, index) => index > after && test(frame));
      if (seen >= 0) return Promise.resolve(seen);
      return new Promise((resolve) => {
        waiters.push({ test: (frame, index) => index > after && test(frame), resolve });
      });
    },
  };
}
