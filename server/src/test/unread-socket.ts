import crypto from 'node:crypto';
import net from 'node:net';
import type { TestClient } from './test-app.ts';

/**
 * A live socket whose client stops reading, as a script can and a `ws` client cannot be told to:
 * the handshake by hand, then nothing more is taken off the connection until `resume`. After
 * `resume`, it reads frame headers (skipping their payloads) until the server's close frame.
 */
export class UnreadSocket {
  private constructor(private readonly socket: net.Socket) {}

  /** Opens `/api/live` with the client's cookies and stops reading once the upgrade is answered. */
  static open(baseUrl: string, client: TestClient): Promise<UnreadSocket> {
    const url = new URL(baseUrl);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname);
      let head = '';
      const onData = (chunk: Buffer) => {
        head += chunk.toString('latin1');
        if (!head.includes('\r\n\r\n')) return;
        socket.off('data', onData);
        socket.pause();
        // What came with the answer stays unread too: put it back for `resume`.
        socket.unshift(Buffer.from(head.slice(head.indexOf('\r\n\r\n') + 4), 'latin1'));
        if (head.startsWith('HTTP/1.1 101')) resolve(new UnreadSocket(socket));
        else reject(new Error(head.slice(0, head.indexOf('\r\n'))));
      };
      socket.on('data', onData);
      socket.once('error', reject);
      socket.once('connect', () =>
        socket.write(
          `GET /api/live HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            `Sec-WebSocket-Key: ${crypto.randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n` +
            `Cookie: ${cookie}\r\n\r\n`,
        ),
      );
    });
  }

  /** Reads again, everything the server kept, up to its close frame: resolves with its code. */
  closeCode(): Promise<number> {
    let data = Buffer.alloc(0);
    return new Promise((resolve, reject) => {
      this.socket.on('data', (chunk: Buffer) => {
        data = Buffer.concat([data, chunk]);
        for (;;) {
          const frame = nextFrame(data);
          if (!frame) return;
          if (frame.opcode === 0x8) resolve(frame.payload.length >= 2 ? frame.payload.readUInt16BE(0) : 1005);
          data = data.subarray(frame.end);
        }
      });
      this.socket.once('close', () => reject(new Error('the connection ended without a close frame')));
      this.socket.resume();
    });
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/** The first whole (unmasked, server) frame in `data`, or null while it is incomplete. */
function nextFrame(data: Buffer): { opcode: number; payload: Buffer; end: number } | null {
  if (data.length < 2) return null;
  let length = (data[1] ?? 0) & 0x7f;
  let header = 2;
  if (length === 126) {
    if (data.length < 4) return null;
    length = data.readUInt16BE(2);
    header = 4;
  } else if (length === 127) {
    if (data.length < 10) return null;
    length = Number(data.readBigUInt64BE(2));
    header = 10;
  }
  if (data.length < header + length) return null;
  return { opcode: (data[0] ?? 0) & 0x0f, payload: data.subarray(header, header + length), end: header + length };
}
