import { REPLY_COMPRESSION, replyEncoding } from '../../lib/compression.ts';
import { parseOrThrow } from '../../lib/errors.ts';
import type { ResponseCache } from '../../lib/response-cache.ts';
import { mayCarryFile, readMultipart } from '../../lib/multipart.ts';
import { addressKey, perPerson } from '../../lib/route-limits.ts';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import { addRead, type Read } from '../../lib/server-reads.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { TasksService } from './tasks.service.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Users' planet tasks: the task screen, confirming, progress, proofs and the user's log, operator edits. */
export async function tasksRoutes(
  app: App,
  options: { tasks: TasksService; logPageCache: ResponseCache },
): Promise<void> {
  const { tasks, logPageCache } = options;

  addRead(app, ROUTES.taskScreen, async (request) => tasks.getScreen(request.user.id, request.params.planetId));

  addRoute(app, ROUTES.confirmTask, perPerson(30), async (request) =>
    tasks.confirm(request.user.id, request.params.planetId, request.body),
  );

  addRead(app, ROUTES.taskProgress, async (request) => ({
    progress: await tasks.getProgress(request.user.id, request.params.planetId),
  }));

  addRoute(app, ROUTES.celebration, perPerson(30), async (request) => ({
    progress: await tasks.markCelebrated(request.user.id, request.params.planetId),
  }));

  addRead(app, ROUTES.galaxy, async (request) => ({ planets: await tasks.getGalaxy(request.user.id) }));

  addRoute(app, ROUTES.planetSeen, perPerson(60), async (request) => {
    await tasks.markPlanetSeen(request.user.id, request.params.planetId);
    return { ok: true as const };
  });

  addRoute(app, ROUTES.setTimeZone, perPerson(10), async (request) => {
    await tasks.setTimeZone(request.user.id, request.body.timeZone);
    return { ok: true as const };
  });

  const readTaskLogs: Read<typeof ROUTES.taskLogs> = async ({ user, params, query }) => ({
    items: await tasks.listLogs(user.id, params.planetId, query.limit),
  });
  // The page render reads the same page of the log (not through the route's cache of bytes).
  app.serverReads.add(ROUTES.taskLogs, readTaskLogs);

  // A page of the user's log is made from their proofs and Gomeum's reactions alone, so the bytes
  // sent last are sent again until the database changes the user's logs version (response-cache.ts).
  addRoute(app, ROUTES.taskLogs, async (request, reply) => {
    const { user, logsVersion: version } = request;
    const { planetId } = request.params;
    const { limit } = request.query;
    const key = `${user.id} ${planetId} ${limit}`;
    let cached = logPageCache.get(key, version);
    if (!cached) {
      const body = Buffer.from(reply.serialize(await readTaskLogs(request)) as string);
      cached = logPageCache.set(key, version, body);
    }
    // The browser keeps the page and asks whether it changed (a phone going back to a planet gets a
    // 304 and no body); it is the user's own, so no shared cache keeps it.
    reply.header('etag', cached.etag).header('cache-control', 'private, no-cache');
    const compressible = cached.body.length >= REPLY_COMPRESSION.threshold;
    if (compressible) reply.header('vary', 'accept-encoding');
    if (cached.matches(request.headers['if-none-match'])) return reply.code(304).send();
    reply.type(JSON_TYPE);
    // Compressed once, as @fastify/compress would for this browser, and cached with the page.
    const encoding = compressible && replyEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(cached.body);
    return reply.header('content-encoding', encoding).send(cached.in(encoding));
  });

  addRoute(app, ROUTES.submitProof, perPerson(30), async (request) => {
    if (mayCarryFile(request)) tasks.refuseIfImagesBusy(request.user.id);
    const form = await readMultipart(request, 1);
    const fields = parseOrThrow(ROUTES.submitProof.form, form.fields);
    const bytes = form.files[0]?.bytes;
    // The client's address (TRUST_PROXY decides whom to believe): image decoding is shared out by it.
    const image = bytes ? { bytes, address: addressKey(request.ip) } : null;
    const guestAddress = request.user.isGuest ? addressKey(request.ip) : undefined;
    return tasks.submitProof(request.user.id, request.params.planetId, fields, image, guestAddress);
  });

  addRoute(app, ROUTES.deleteProof, perPerson(30), async (request) =>
    tasks.deleteProof(request.user.id, request.params.planetId, request.params.logId),
  );

  addRoute(app, ROUTES.editUserTask, async (request) =>
    tasks.operatorEdit(request.params.userId, request.params.planetId, request.body),
  );

  addRoute(app, ROUTES.userTask, async (request) => tasks.operatorView(request.params.userId, request.params.planetId));
}
