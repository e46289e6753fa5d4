const WINDOW_MS = 10_000;

/** What a socket may send per 10 seconds. */
export interface EventLimits {
  /** Events counted against the budget; more are refused (`errors.rate_limited`), the socket stays. */
  events: number;
  /** Frames of any kind, unmetered events too; one more and the socket is cut off. */
  frames: number;
}

/**
 * One socket's budget of client events, in fixed 10-second windows. Two counts: the events that
 * cost the server work (a sync, a draft, a read mark), of which a person sends a few, and every
 * frame at all, including those whose handler throttles them itself (typing): no person comes
 * near the frame count, so a socket past it is a script, and is cut off.
 */
export class EventLimit {
  private windowStart: number;
  private frames = 0;
  private events = 0;

  constructor(
    private readonly limits: EventLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.windowStart = now();
  }

  /** Counts a frame as it arrives, before it is read: false once the socket sent more than any person does. */
  frame(): boolean {
    const now = this.now();
    if (now - this.windowStart >= WINDOW_MS) {
      this.windowStart = now;
      this.frames = 0;
      this.events = 0;
    }
    this.frames += 1;
    return this.frames <= this.limits.frames;
  }

  /** Counts a metered event (read, valid): false once this window's budget is spent. */
  event(): boolean {
    this.events += 1;
    return this.events <= this.limits.events;
  }
}
