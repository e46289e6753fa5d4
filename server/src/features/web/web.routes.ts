import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API, isWebRoute, versionSchema } from '@gomeum/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../lib/errors.ts';
import type { App } from '../../lib/zod-provider.ts';

/** Reads the version the web build wrote; 'dev' when the app has not been built. */
export function readBuildVersion(webDist: string): string {
  try {
    const parsed = versionSchema.safeParse(JSON.parse(fs.readFileSync(path.join(webDist, 'version.json'), 'utf8')));
    return parsed.success ? parsed.data.version : 'dev';
  } catch {
    return 'dev';
  }
}

/**
 * The build's version, read again whenever `version.json` changes on disk: a web build deployed
 * next to a running server is announced to open tabs without a restart.
 */
function buildVersionReader(webDist: string): () => Promise<string> {
  const file = path.join(webDist, 'version.json');
  let cached: { mtimeMs: number; version: string } | null = null;
  return async () => {
    let mtimeMs: number;
    try {
      mtimeMs = (await fs.promises.stat(file)).mtimeMs;
    } catch {
      return 'dev';
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, version: readBuildVersion(webDist) };
    return cached.version;
  };
}

/**
 * Serves the built web app: hashed assets cached for a year, `index.html` for every page of the
 * app (200 for known pages, 404 for others so crawlers and monitors see the truth), and
 * `/version.json` never cached.
 */
export async function webRoutes(app: App, options: { webDist: string }): Promise<void> {
  const buildVersion = buildVersionReader(options.webDist);
  const indexFile = path.join(options.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);

  app.get(API.version, { schema: { response: { 200: versionSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache, no-store, must-revalidate');
    return { version: await buildVersion() };
  });

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      wildcard: true,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const sendShell = (reply: FastifyReply, status: number) => {
    reply.header('cache-control', 'no-cache');
    return reply.status(status).sendFile('index.html');
  };

  // The static plugin treats `/` as a folder; the home page is the app shell like every page.
  if (hasWeb) app.get('/', (_request, reply) => sendShell(reply, 200));

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = hasWeb && request.method === 'GET' && !pathname.startsWith('/api/') && !path.extname(pathname);
    if (!wantsPage) return reply.status(404).send(errorBody('errors.not_found'));
    return sendShell(reply, isWebRoute(pathname) ? 200 : 404);
  });
}
