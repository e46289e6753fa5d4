import { errorBody } from '../../lib/errors.ts';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { FilesService } from './files.service.ts';

/**
 * `routes.file`: an uploaded image, with its stored type and nosniff. Public
 * images are cached for long (names are never reused); private files (proofs) go only to their
 * owner and the operator — to anyone else they do not exist (404) — and are never stored by the
 * browser's cache, so they do not stay behind on a shared computer after signing out.
 */
export async function filesRoutes(app: App, options: { files: FilesService }): Promise<void> {
  addRoute(app, ROUTES.file, async (request, reply) => {
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
