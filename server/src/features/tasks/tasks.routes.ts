import { parseOrThrow } from '../../lib/errors.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { TasksService } from './tasks.service.ts';

const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });

/** Users' planet tasks: the task screen, confirming, progress, proofs and the user's log, operator edits. */
export async function tasksRoutes(app: App, options: { tasks: TasksService }): Promise<void> {
  const { tasks } = options;

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

  addRoute(app, ROUTES.taskLogs, async (request) => ({
    items: await tasks.listLogs(request.user.id, request.params.planetId, request.query.limit),
  }));

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
