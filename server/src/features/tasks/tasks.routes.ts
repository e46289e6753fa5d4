import { REPLY_COMPRESSION, replyEncoding } from '../../lib/compression.ts';
import { parseOrThrow } from '../../lib/errors.ts';
import type { KeptReplies } from '../../lib/kept-replies.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { TasksService } from './tasks.service.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });

/** Users' planet tasks: the task screen, confirming, progress, proofs and the user's log, operator edits. */
export async function tasksRoutes(app: App, options: { tasks: TasksService; keptPages: KeptReplies }): Promise<void> {
  const { tasks, keptPages } = options;

  addRoute(app, ROUTES.taskScreen, async (request) => tasks.getScreen(request.user.id, request.params.planetId));

  addRoute(app, ROUTES.confirmTask, perMinute(30), async (request) =>
    tasks.confirm(request.user.id, request.params.planetId, request.body),
  );

  addRoute(app, ROUTES.taskProgress, async (request) => ({
    progress: await tasks.getProgress(request.user.id, request.params.planetId),
  }));

  addRoute(app, ROUTES.celebration, perMinute(30), async (request) => ({
    progress: await tasks.markCelebrated(request.user.id, request.params.planetId),
  }));

  addRoute(app, ROUTES.galaxy, async (request) => ({ planets: await tasks.getGalaxy(request.user.id) }));

  addRoute(app, ROUTES.planetSeen, perMinute(60), async (request) => {
    await tasks.markPlanetSeen(request.user.id, request.params.planetId);
    return { ok: true as const };
  });

  addRoute(app, ROUTES.setTimeZone, perMinute(10), async (request) => {
    await tasks.setTimeZone(request.user.id, request.body.timeZone);
    return { ok: true as const };
  });

  // A page of the user's log is made from their proofs and Gomeum's reactions alone, so the bytes
  // sent last are sent again until the database changes the user's logs version (kept-replies.ts).
  addRoute(app, ROUTES.taskLogs, async (request, reply) => {
    const { user, logsVersion: version } = request;
    const { planetId } = request.params;
    const { limit } = request.query;
    const key = `${user.id} ${planetId} ${limit}`;
    let kept = keptPages.get(key, version);
    if (!kept) {
      const body = Buffer.from(reply.serialize({ items: await tasks.listLogs(user.id, planetId, limit) }) as string);
      kept = keptPages.set(key, version, body);
    }
    // The browser keeps the page and asks whether it changed (a phone going back to a planet gets a
    // 304 and no body); it is the user's own, so no shared cache keeps it.
    reply.header('etag', kept.etag).header('cache-control', 'private, no-cache');
    const compressible = kept.body.length >= REPLY_COMPRESSION.threshold;
    if (compressible) reply.header('vary', 'accept-encoding');
    if (kept.matches(request.headers['if-none-match'])) return reply.code(304).send();
    reply.type(JSON_TYPE);
    // Compressed once, as @fastify/compress would for this browser, and kept with the page.
    const encoding = compressible && replyEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(kept.body);
    return reply.header('content-encoding', encoding).send(kept.in(encoding));
  });

  addRoute(app, ROUTES.submitProof, perMinute(30), async (request) => {
    const form = await readMultipart(request, 1);
    const fields = parseOrThrow(ROUTES.submitProof.form, form.fields);
    return tasks.submitProof(request.user.id, request.params.planetId, fields, form.files[0]?.bytes ?? null);
  });

  addRoute(app, ROUTES.deleteProof, perMinute(30), async (request) =>
    tasks.deleteProof(request.user.id, request.params.planetId, request.params.logId),
  );

  addRoute(app, ROUTES.editUserTask, async (request) =>
    tasks.operatorEdit(request.params.userId, request.params.planetId, request.body),
  );

  addRoute(app, ROUTES.userTask, async (request) => tasks.operatorView(request.params.userId, request.params.planetId));
}
