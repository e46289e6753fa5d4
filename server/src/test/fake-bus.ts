import type { LiveBus, LiveEnvelope } from '../lib/live/bus.ts';

/** A bus whose other instances the test plays: what it is handed is what another instance published. */
export class FakeBus implements LiveBus {
  private handler: ((envelope: LiveEnvelope) => void) | null = null;
  /** What this instance published, in order. */
  readonly published: LiveEnvelope[] = [];
  publish(envelope: LiveEnvelope): Promise<void> {
    this.published.push(envelope);
    return Promise.resolve();
  }
  subscribe(handler: (envelope: LiveEnvelope) => void): void {
    this.handler = handler;
  }
  onRecovered(): void {}
  status(): 'ok' {
    return 'ok';
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
  fromAnotherInstance(envelope: LiveEnvelope): void {
    this.handler?.(envelope);
  }
}
