import {
  API,
  diarySeenBodySchema,
  diaryStateSchema,
  errorBodySchema,
  okSchema,
  updateBodySchema,
  updateIdParamsSchema,
  updateListSchema,
  updateSchema,
} from '@gomeum/contracts';
import { operatorOnly, requireOperator, requireUser, userOnly } from '../../lib/auth-guard.ts';
import { AppError } from '../../lib/errors.ts';
import { readMultipart } from '../../lib/multipart.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { UpdatesService } from './updates.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/**
 * The updates diary. Reading is open to everyone (signed in or not, like `/update/{id}`); the
 * last-seen mark belongs to signed-in users; only the operator writes.
 */
export async function updatesRoutes(app: App, options: { updates: UpdatesService }): Promise<void> {
  const { updates } = options;

  app.get(API.updates, { schema: { response: { 200: updateListSchema } } }, async () => ({
    updates: await updates.list(),
  }));

  app.get(
    API.diaryState,
    { onRequest: userOnly, schema: { response: { 200: diaryStateSchema, 401: errorBodySchema } } },
    async (request) => updates.diaryState(requireUser(request).id),
  );

  app.post(
    API.diarySeen,
    {
      onRequest: userOnly,
      schema: {
        body: diarySeenBodySchema,
        response: { 200: diaryStateSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => updates.markSeen(requireUser(request).id, request.body.seenAt),
  );

  app.get(
    API.update,
    { schema: { params: updateIdParamsSchema, response: { 200: updateSchema, 404: errorBodySchema } } },
    async (request) => updates.get(request.params.id),
  );

  app.post(
    API.operatorUpdates,
    { onRequest: operatorOnly, schema: { body: updateBodySchema, response: { 200: updateSchema, ...errors } } },
    async (request) => updates.create(request.body),
  );

  app.put(
    API.operatorUpdate,
    {
      onRequest: operatorOnly,
      schema: { params: updateIdParamsSchema, body: updateBodySchema, response: { 200: updateSchema, ...errors } },
    },
    async (request) => updates.edit(request.params.id, request.body),
  );

  app.delete(
    API.operatorUpdate,
    { onRequest: operatorOnly, schema: { params: updateIdParamsSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await updates.remove(request.params.id);
      return { ok: true as const };
    },
  );

  app.put(
    `${API.operatorUpdate}/image`,
    { onRequest: operatorOnly, schema: { params: updateIdParamsSchema, response: { 200: updateSchema, ...errors } } },
    async (request) => {
      const operator = requireOperator(request);
      const form = await readMultipart(request, 1);
      const image = form.files[0]?.bytes;
      if (!image) throw new AppError(400, 'upload.error_not_image');
      return updates.setImage(request.params.id, image, operator.id);
    },
  );

  app.delete(
    `${API.operatorUpdate}/image`,
    { onRequest: operatorOnly, schema: { params: updateIdParamsSchema, response: { 200: updateSchema, ...errors } } },
    async (request) => updates.setImage(request.params.id, null, requireOperator(request).id),
  );
}
