import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { errorBodySchema } from '@gomeum/contracts';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../app.ts';
import type { AppConfig } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';

/** A test clock: starts now, moves only when told. */
export interface TestClock {
  now: number;
  advance(ms: number): void;
}

/** A real app on a fresh database: SQLite in a temp folder, or its own PostgreSQL schema. */
export interface TestApp extends BuiltApp {
  clock: TestClock;
  config: AppConfig;
  close(): Promise<void>;
}

/** Which engine the suite runs on: PostgreSQL when TEST_DATABASE_URL is set, else SQLite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** A PostgreSQL schema of a test's own (a random name), or none on SQLite. */
function newTestSchema(): string | undefined {
  return TEST_DATABASE_URL ? `test_${crypto.randomBytes(6).toString('hex')}` : undefined;
}

/** Drops a test's own schema and all in it (nothing on SQLite). */
async function dropTestSchema(schema: string | undefined): Promise<void> {
  if (!schema || !TEST_DATABASE_URL) return;
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

/**
 * An empty database of a test's own, not migrated: SQLite in a temp folder, or its own PostgreSQL
 * schema. `close` closes it and removes it (the folder, the schema).
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-db-'));
  const schema = newTestSchema();
  const handle = await openDatabase({ dataDir, databaseUrl: TEST_DATABASE_URL, databaseSchema: schema });
  return {
    ...handle,
    async close() {
      await handle.close();
      await dropTestSchema(schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds an app for one test file. Each call gets an empty database of its own. */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const start = Date.now();
  const clock: TestClock = {
    now: start,
    advance(ms) {
      this.now += ms;
    },
  };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-test-'));
  const schema = newTestSchema();
  const config: AppConfig = {
    dataDir,
    databaseUrl: TEST_DATABASE_URL,
    databaseSchema: schema,
    trustProxy: false,
    logLevel: 'silent',
    webDist: path.join(dataDir, 'no-web'),
    session: { idleMs: 30 * 86_400_000, maxMs: 180 * 86_400_000, secure: 'auto' },
    rateLimit: { auth: 1000, guest: 1000 },
    seedContent: true,
    uploadMaxBytes: 10 * 1024 * 1024,
    storage: { driver: 'local' },
    // Test files run side by side on one Redis: each app (and the instances built from its config)
    // keeps its keys and live channel apart, so no file hears or counts another's.
    redisPrefix: `test-${crypto.randomBytes(6).toString('hex')}:`,
    now: () => clock.now,
    ...overrides,
  };
  const built = await buildApp(config);
  return {
    ...built,
    clock,
    config,
    async close() {
      await built.app.close();
      await dropTestSchema(schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The error code of an error reply (`{ error: { code } }`). */
export function errorCode(response: TestResponse): string {
  return errorBodySchema.parse(response.body).error.code;
}

/** A response as tests see it. */
export interface TestResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: unknown;
  text: string;
  /** The body's bytes as they came (compressed, when the reply was). */
  raw: Buffer;
}

/** A browser-like client: keeps cookies between requests, like one browser profile does. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly built: BuiltApp,
    private readonly defaults: { headers?: Record<string, string>; remoteAddress?: string } = {},
  ) {}

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.built.app.inject({
      method,
      url,
      headers: { ...this.defaults.headers, ...(cookie ? { cookie } : {}), ...headers },
      ...(this.defaults.remoteAddress ? { remoteAddress: this.defaults.remoteAddress } : {}),
      ...(body === undefined
        ? {}
        : typeof body === 'string' || Buffer.isBuffer(body)
          ? { payload: body }
          : { payload: body as object }),
    });
    for (const c of response.cookies) {
      if (c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    let parsed: unknown;
    try {
      parsed = response.body ? JSON.parse(response.body) : undefined;
    } catch {
      // Not JSON: tests read `text` instead.
    }
    return {
      status: response.statusCode,
      headers: response.headers,
      body: parsed,
      text: response.body,
      raw: response.rawPayload,
    };
  }

  /** Posts a multipart form, as a browser's FormData would. */
  postForm(
    url: string,
    fields: Record<string, string>,
    files: { field: string; name: string; type: string; bytes: Buffer }[] = [],
  ): Promise<TestResponse> {
    return this.postFormAs('POST', url, fields, files);
  }

  /** Sends a multipart form with the given method. */
  async postFormAs(
    method: 'POST' | 'PUT',
    url: string,
    fields: Record<string, string>,
    files: { field: string; name: string; type: string; bytes: Buffer }[] = [],
  ): Promise<TestResponse> {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    for (const file of files) form.append(file.field, new Blob([file.bytes], { type: file.type }), file.name);
    const encoded = new Request('http://localhost/', { method: 'POST', body: form });
    const body = Buffer.from(await encoded.arrayBuffer());
    return this.request(method, url, body, { 'content-type': encoded.headers.get('content-type') ?? '' });
  }

  get(url: string) {
    return this.request('GET', url);
  }

  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, body, headers);
  }
}
