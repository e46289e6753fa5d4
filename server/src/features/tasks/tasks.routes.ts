import {
  confirmTaskWithGoalBodySchema,
  deleteProofResultSchema,
  errorBodySchema,
  galaxyStandingSchema,
  GOMEUM_LOG_MAX_IMAGES,
  gomeumLogFieldsSchema,
  gomeumLogListSchema,
  gomeumLogSchema,
  gomeumTaskFieldsSchema,
  operatorGomeumTaskSchema,
  operatorUserTaskSchema,
  logListQuerySchema,
  okSchema,
  operatorTaskEditSchema,
  operatorTaskParamsSchema,
  planetParamsSchema,
  proofFieldsSchema,
  proofParamsSchema,
  submitProofResultSchema,
  taskLogListSchema,
  taskProgressResultSchema,
  taskScreenSchema,
  timeZoneBodySchema,
  userTaskSchema,
} from '@gomeum/contracts';
import { requireOperator, requireUser, userOnly } from '../../lib/auth-guard.ts';
import { parseOrThrow } from '../../lib/errors.ts';
import { readMultipart } from '../../lib/multipart.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { TasksService } from './tasks.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** Planet tasks: the task screen, confirming, proofs, the user's and Gomeum's logs, operator edits. */
export async function tasksRoutes(app: App, options: { tasks: TasksService }): Promise<void> {
  const { tasks } = options;

  app.get(
    '/api/planets/:planetId/task',
    { schema: { params: planetParamsSchema, response: { 200: taskScreenSchema, ...errors } } },
    async (request) => tasks.getScreen(requireUser(request).id, request.params.planetId),
  );

  app.put(
    '/api/planets/:planetId/task',
    {
      onRequest: userOnly,
      schema: {
        params: planetParamsSchema,
        body: confirmTaskWithGoalBodySchema,
        response: { 200: userTaskSchema, ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => tasks.confirm(requireUser(request).id, request.params.planetId, request.body),
  );

  app.get(
    '/api/planets/:planetId/progress',
    { schema: { params: planetParamsSchema, response: { 200: taskProgressResultSchema, ...errors } } },
    async (request) => ({ progress: await tasks.getProgress(requireUser(request).id, request.params.planetId) }),
  );

  app.post(
    '/api/planets/:planetId/celebration',
    {
      onRequest: userOnly,
      schema: { params: planetParamsSchema, response: { 200: taskProgressResultSchema, ...errors } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => ({ progress: await tasks.markCelebrated(requireUser(request).id, request.params.planetId) }),
  );

  app.get('/api/galaxy', { schema: { response: { 200: galaxyStandingSchema, ...errors } } }, async (request) => ({
    planets: await tasks.getGalaxy(requireUser(request).id),
  }));

  app.post(
    '/api/planets/:planetId/seen',
    {
      onRequest: userOnly,
      schema: { params: planetParamsSchema, response: { 200: okSchema, ...errors } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      await tasks.markPlanetSeen(requireUser(request).id, request.params.planetId);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/me/time-zone',
    {
      onRequest: userOnly,
      schema: { body: timeZoneBodySchema, response: { 200: okSchema, ...errors } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      await tasks.setTimeZone(requireUser(request).id, request.body.timeZone);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/planets/:planetId/logs',
    {
      schema: {
        params: planetParamsSchema,
        querystring: logListQuerySchema,
        response: { 200: taskLogListSchema, ...errors },
      },
    },
    async (request) => ({
      items: await tasks.listLogs(requireUser(request).id, request.params.planetId, request.query.limit),
    }),
  );

  app.post(
    '/api/planets/:planetId/logs',
    {
      onRequest: userOnly,
      schema: { params: planetParamsSchema, response: { 200: submitProofResultSchema, ...errors } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const user = requireUser(request);
      const form = await readMultipart(request, 1);
      const fields = parseOrThrow(proofFieldsSchema, form.fields);
      return tasks.submitProof(user.id, request.params.planetId, fields, form.files[0]?.bytes ?? null);
    },
  );

  app.delete(
    '/api/planets/:planetId/logs/:logId',
    {
      onRequest: userOnly,
      schema: { params: proofParamsSchema, response: { 200: deleteProofResultSchema, ...errors } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => tasks.deleteProof(requireUser(request).id, request.params.planetId, request.params.logId),
  );

  app.get(
    '/api/gomeum-logs/:planetId',
    {
      schema: {
        params: planetParamsSchema,
        querystring: logListQuerySchema,
        response: { 200: gomeumLogListSchema, ...errors },
      },
    },
    async (request) => {
      requireUser(request);
      return { items: await tasks.listGomeumLogs(request.params.planetId, request.query.limit) };
    },
  );

  app.put(
    '/api/operator/users/:userId/tasks/:planetId',
    {
      schema: {
        params: operatorTaskParamsSchema,
        body: operatorTaskEditSchema,
        response: { 200: userTaskSchema, ...errors },
      },
    },
    async (request) => {
      requireOperator(request);
      return tasks.operatorEdit(request.params.userId, request.params.planetId, request.body);
    },
  );

  app.get(
    '/api/operator/users/:userId/tasks/:planetId',
    { schema: { params: operatorTaskParamsSchema, response: { 200: operatorUserTaskSchema, ...errors } } },
    async (request) => {
      requireOperator(request);
      return tasks.operatorView(request.params.userId, request.params.planetId);
    },
  );

  app.get(
    '/api/operator/gomeum-tasks/:planetId',
    { schema: { params: planetParamsSchema, response: { 200: operatorGomeumTaskSchema, ...errors } } },
    async (request) => {
      requireOperator(request);
      return tasks.gomeumTaskView(request.params.planetId);
    },
  );

  app.put(
    '/api/operator/gomeum-tasks/:planetId',
    { schema: { params: planetParamsSchema, response: { 200: operatorGomeumTaskSchema, ...errors } } },
    async (request) => {
      const operator = requireOperator(request);
      const form = await readMultipart(request, 1);
      const f = parseOrThrow(gomeumTaskFieldsSchema, form.fields);
      const pick = (en: string, zh: string, ko: string) => ({
        ...(en ? { en } : {}),
        ...(zh ? { zh } : {}),
        ...(ko ? { ko } : {}),
      });
      return tasks.updateGomeumTask(
        request.params.planetId,
        {
          description: pick(f.description_en, f.description_zh, f.description_ko),
          reward: pick(f.reward_en, f.reward_zh, f.reward_ko),
          proof: f.proof,
        },
        form.files[0]?.bytes ?? null,
        operator.id,
      );
    },
  );

  app.post(
    '/api/operator/gomeum-logs/:planetId',
    { schema: { params: planetParamsSchema, response: { 200: gomeumLogSchema, ...errors } } },
    async (request) => {
      const operator = requireOperator(request);
      const form = await readMultipart(request, GOMEUM_LOG_MAX_IMAGES);
      const { content } = parseOrThrow(gomeumLogFieldsSchema, form.fields);
      return tasks.addGomeumLog(
        request.params.planetId,
        content,
        form.files.map((f) => f.bytes),
        operator.id,
      );
    },
  );

  app.put(
    '/api/operator/gomeum-logs/:planetId/:logId',
    {
      schema: {
        params: proofParamsSchema,
        body: gomeumLogFieldsSchema,
        response: { 200: gomeumLogSchema, ...errors },
      },
    },
    async (request) => {
      requireOperator(request);
      return tasks.editGomeumLog(request.params.planetId, request.params.logId, request.body.content);
    },
  );

  app.delete(
    '/api/operator/gomeum-logs/:planetId/:logId',
    { schema: { params: proofParamsSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      requireOperator(request);
      await tasks.deleteGomeumLog(request.params.planetId, request.params.logId);
      return { ok: true as const };
    },
  );
}
