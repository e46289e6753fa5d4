import { AppError } from '../../lib/errors.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { perPerson } from '../../lib/route-limits.ts';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { UpdatesService } from './updates.service.ts';

/**
 * The updates diary. Reading is open to everyone (signed in or not, like `/update/{id}`); the
 * last-seen mark belongs to signed-in users; only the operator writes.
 */
export async function updatesRoutes(app: App, options: { updates: UpdatesService }): Promise<void> {
  const { updates } = options;

  addRoute(app, ROUTES.updates, async () => ({ updates: await updates.list() }));

  addRoute(app, ROUTES.diaryState, async (request) => updates.diaryState(request.user.id));

  addRoute(app, ROUTES.diarySeen, perPerson(60), async (request) =>
    updates.markSeen(request.user.id, request.body.seenAt),
  );

  addRoute(app, ROUTES.update, async (request) => updates.get(request.params.id));

  addRoute(app, ROUTES.createUpdate, async (request) => updates.create(request.body));

  // Called as the operator types (debounced): generous, but bounded like other operator writes.
  addRoute(app, ROUTES.previewUpdate, perPerson(240), async (request) => updates.preview(request.body.html));

  addRoute(app, ROUTES.editUpdate, async (request) => updates.edit(request.params.id, request.body));

  addRoute(app, ROUTES.updatePopupLinks, async (request) => updates.popupLinks(request.params.id));

  addRoute(app, ROUTES.deleteUpdate, async (request) => {
    await updates.remove(request.params.id);
    return { ok: true as const };
  });

  addRoute(app, ROUTES.setUpdateImage, async (request) => {
    const form = await readMultipart(request, 1);
    const image = form.files[0]?.bytes;
    if (!image) throw new AppError('upload.error_not_image');
    return updates.setImage(request.params.id, image, request.user.id);
  });

  addRoute(app, ROUTES.removeUpdateImage, async (request) =>
    updates.setImage(request.params.id, null, request.user.id),
  );
}
