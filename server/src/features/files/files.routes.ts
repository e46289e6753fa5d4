import { z } from 'zod';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { errorBody } from '../../lib/errors.ts';
import type { App } from '../../lib/zod-provider.ts';

const fileParamsSchema = z.object({
  folder: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().regex(/^[A-Za-z0-9_-]{16,64}\.(png|jpg|webp|gif)$/),
});

/**
 * `GET /api/files/:folder/:name`: an uploaded image, with its stored type and nosniff. Public
 * images are cached for long (names are never reused); private files (proofs) go only to their
 * owner and the operator — to anyone else they do not exist (404) — and are never stored by the
 * browser's cache, so they do not stay behind on a shared computer after signing out.
 */
export async function filesRoutes(app: App, options: { files: FileStore }): Promise<void> {
  app.get('/api/files/:folder/:name', { schema: { params: fileParamsSchema } }, async (request, reply) => {
    const key = `${request.params.folder}/${request.params.name}`;
    const file = await options.files.read(key, request.user);
    if (!file) return reply.status(404).send(errorBody('errors.not_found'));
    reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
      .header('cache-control', file.private ? 'private, no-store' : 'public, max-age=31536000, immutable');
    return reply.send(file.body);
  });
}
