import { GOMEUM_LOG_MAX_IMAGES } from '@gomeum/contracts';
import { parseOrThrow } from '../../lib/errors.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import { addRead } from '../../lib/server-reads.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { GomeumTasksService } from './gomeum-tasks.service.ts';

/** Gomeum's side of each planet: its log for every user; its task and log entries for the operator. */
export async function gomeumTasksRoutes(app: App, options: { gomeum: GomeumTasksService }): Promise<void> {
  const { gomeum } = options;

  addRead(app, ROUTES.gomeumLogs, async (request) => ({
    items: await gomeum.listLogs(request.params.planetId, request.query.limit),
  }));

  addRoute(app, ROUTES.gomeumTask, async (request) => gomeum.taskView(request.params.planetId));

  addRoute(app, ROUTES.updateGomeumTask, async (request) => {
    const form = await readMultipart(request, 1);
    const f = parseOrThrow(ROUTES.updateGomeumTask.form, form.fields);
    const pick = (en: string, zh: string, ko: string) => ({
      ...(en ? { en } : {}),
      ...(zh ? { zh } : {}),
      ...(ko ? { ko } : {}),
    });
    return gomeum.updateTask(
      request.params.planetId,
      {
        description: pick(f.description_en, f.description_zh, f.description_ko),
        reward: pick(f.reward_en, f.reward_zh, f.reward_ko),
        proof: f.proof,
      },
      form.files[0]?.bytes ?? null,
      request.user.id,
    );
  });

  addRoute(app, ROUTES.addGomeumLog, async (request) => {
    const form = await readMultipart(request, GOMEUM_LOG_MAX_IMAGES);
    const fields = parseOrThrow(ROUTES.addGomeumLog.form, form.fields);
    return gomeum.addLog(
      request.params.planetId,
      fields,
      form.files.map((f) => f.bytes),
      request.user.id,
    );
  });

  addRoute(app, ROUTES.editGomeumLog, async (request) =>
    gomeum.editLog(request.params.planetId, request.params.logId, request.body),
  );

  addRoute(app, ROUTES.deleteGomeumLog, async (request) => {
    await gomeum.deleteLog(request.params.planetId, request.params.logId);
    return { ok: true as const };
  });
}
