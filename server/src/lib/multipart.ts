import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** What a multipart form carried: its text fields and its files' bytes, by field name. */
export interface MultipartForm {
  fields: Record<string, string>;
  files: { field: string; bytes: Buffer }[];
}

/**
 * The bytes past which a form must carry a file: a proof's or an update's words (a few thousand
 * characters at most, as the contracts bound them) come to well under this.
 */
const WORDS_ONLY_MAX_BYTES = 32 * 1024;

/**
 * Whether a multipart request may carry a file, from its declared length (before its body is
 * read): false for one whose length says it holds words only.
 */
export function mayCarryFile(request: FastifyRequest): boolean {
  const length = Number(request.headers['content-length']);
  return !Number.isFinite(length) || length > WORDS_ONLY_MAX_BYTES;
}

/**
 * Reads a whole multipart form into memory within limits: at most `maxFiles` files of at most the
 * server's upload size each (413 `upload.error_too_large` beyond). Nothing is stored yet, so a
 * refused form leaves nothing behind.
 */
export async function readMultipart(request: FastifyRequest, maxFiles: number): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError('errors.unsupported_media_type');
  const form: MultipartForm = { fields: {}, files: [] };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (bytes.length === 0) continue; // an empty file input
        if (form.files.length >= maxFiles) throw new AppError('errors.bad_request');
        form.files.push({ field: part.fieldname, bytes });
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError('upload.error_too_large');
    }
    if (code === 'FST_FIELDS_LIMIT') throw new AppError('errors.payload_too_large');
    throw new AppError('errors.bad_request');
  }
  return form;
}
