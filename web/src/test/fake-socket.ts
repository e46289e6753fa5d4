import { act } from '@testing-library/react';

/**
 * The live connection's socket, driven by the test: what the page sent, and the server's events.
 * Install it with `vi.stubGlobal('WebSocket', FakeSocket)`; `FakeSocket.current` is the newest one.
 */
export class FakeSocket {
  static current: FakeSocket | null = null;
  static readonly OPEN = 1;
  readyState = 0;
  sent: { type: string; after?: number | null }[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onopen: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.current = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as { type: string });
  }
  close() {
    this.readyState = 3;
  }
  emit(event: object) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event) })));
  }
  ready() {
    this.readyState = 1;
    this.emit({ type: 'ready', serverTime: 1 });
  }
}
