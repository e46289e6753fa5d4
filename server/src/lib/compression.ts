import zlib from 'node:zlib';
import negotiator from '@fastify/accept-negotiator';

/** An encoding replies go out in when the browser takes it, the first preferred. */
export type ReplyEncoding = 'br' | 'gzip';

/**
 * How replies are compressed: by @fastify/compress for every reply (app.ts), and once per cached
 * reply for the replies sent again (lib/response-cache.ts), with the same settings.
 */
export const REPLY_COMPRESSION = {
  /** Replies smaller than this go out as they are. */
  threshold: 1024,
  encodings: ['br', 'gzip'] as ReplyEncoding[],
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
};

// As @fastify/compress reads the header: `*` and `x-gzip` stand for gzip.
const GZIP_ALIAS = /\*|x-gzip/gu;

/** The encoding @fastify/compress would choose for a request's `Accept-Encoding`, or null for none. */
export function replyEncoding(acceptEncoding: string | undefined): ReplyEncoding | null {
  if (acceptEncoding === undefined) return null;
  return negotiator.negotiate(acceptEncoding.toLowerCase().replace(GZIP_ALIAS, 'gzip'), REPLY_COMPRESSION.encodings);
}

/** `body` compressed in `encoding`, with the replies' settings. */
export function compressReply(body: Buffer, encoding: ReplyEncoding): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(body, REPLY_COMPRESSION.brotliOptions) : zlib.gzipSync(body);
}
