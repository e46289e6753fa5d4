import { createHash } from 'node:crypto';
import { compressReply, type ReplyEncoding } from './compression.ts';

/** A cached response: its bytes, and each compressed form of them once a browser has asked for it. */
export class CachedResponse {
  private readonly encoded: Partial<Record<ReplyEncoding, Buffer>> = {};
  private tag: string | null = null;
  /** Its bytes in all, compressed forms included. */
  size: number;

  constructor(
    readonly version: number,
    readonly body: Buffer,
    private readonly grew: (bytes: number) => void,
  ) {
    this.size = body.length;
  }

  /**
   * Its entity tag (`ETag`): a digest of its bytes, so a browser holding the same bytes is told
   * so (304) whoever's they were, and never told so for other bytes. Weak (`W/`): the same tag
   * stands for the page whichever encoding carried it.
   */
  get etag(): string {
    return `W/${this.opaqueTag()}`;
  }

  /** Whether a request's `If-None-Match` names this reply (or any: `*`), compared weakly as for a GET. */
  matches(ifNoneMatch: string | undefined): boolean {
    if (!ifNoneMatch) return false;
    const tag = this.opaqueTag();
    return ifNoneMatch.split(',').some((listed) => {
      const trimmed = listed.trim();
      return trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === tag;
    });
  }

  private opaqueTag(): string {
    return (this.tag ??= `"${createHash('sha256').update(this.body).digest('base64url').slice(0, 27)}"`);
  }

  /** The bytes compressed in `encoding`: compressed on the first call, cached for the next. */
  in(encoding: ReplyEncoding): Buffer {
    let bytes = this.encoded[encoding];
    if (!bytes) {
      bytes = compressReply(this.body, encoding);
      this.encoded[encoding] = bytes;
      this.size += bytes.length;
      this.grew(bytes.length);
    }
    return bytes;
  }
}

/**
 * An in-memory HTTP response cache: responses cached as the bytes last sent, each under the version of the data it was made from, so a
 * read asked again before its data changes is answered without the database, serializing or
 * compressing. The version comes from the database itself (a value its triggers change with every
 * write to that data: see the `logs_version` migration), read with the request's session; a cached
 * reply whose version is not the request's is never sent. The oldest-used replies go first once
 * the cached bytes pass `maxBytes`.
 *
 * Only correct for a reply made from nothing but the versioned data (and the key): a reply that
 * also depends on the time, the caller's language or another table must not be cached here.
 */
export class ResponseCache {
  // A Map iterates in insertion order: each use moves its entry to the end, so the first is the oldest used.
  private readonly entries = new Map<string, CachedResponse>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    /** Hears whether each lookup was answered from the cache (`hit`) or not (`miss`). */
    private readonly onLookup?: (outcome: 'hit' | 'miss') => void,
  ) {}

  /** The response cached under `key` for this `version`, or undefined (one cached for another version is dropped). */
  get(key: string, version: number): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (entry?.version !== version) {
      if (entry) this.remove(key, entry);
      this.onLookup?.('miss');
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.onLookup?.('hit');
    return entry;
  }

  /**
   * Caches `body` under `key` for `version`, replacing what was cached, and returns it (a response
   * larger than the whole budget is returned but not cached).
   */
  set(key: string, version: number, body: Buffer): CachedResponse {
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    const entry = new CachedResponse(version, body, (bytes) => {
      if (this.entries.get(key) !== entry) return;
      this.bytes += bytes;
      this.trim();
    });
    if (body.length > this.maxBytes) return entry;
    this.entries.set(key, entry);
    this.bytes += body.length;
    this.trim();
    return entry;
  }

  /** How many responses and bytes are cached now. */
  size(): { replies: number; bytes: number } {
    return { replies: this.entries.size, bytes: this.bytes };
  }

  private trim(): void {
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest, entry);
    }
  }

  private remove(key: string, entry: CachedResponse): void {
    this.entries.delete(key);
    this.bytes -= entry.size;
  }
}
