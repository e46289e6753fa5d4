import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect } from 'vitest';
import { appTest } from './test/app-test.ts';
import { TestClient } from './test/test-app.ts';

const run = promisify(execFile);

const it = appTest();

describe('npm run operator (cli.ts)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-cli-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates the operator in the configured database; that account then logs in to the dashboard', async ({
    newApp,
  }) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, GOMEUM_OPERATOR_PASSWORD: 'cli-password-1' };
    delete env.DATABASE_URL;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'cli@example.com'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env,
    });
    expect(stdout).toContain('Created operator cli@example.com.');

    const t = await newApp({ dataDir, databaseUrl: undefined, databaseSchema: undefined });
    const login = await new TestClient(t).post('/api/auth/login', {
      email: 'cli@example.com',
      password: 'cli-password-1',
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ redirectTo: '/gomeum-dashboard', user: { role: 'operator' } });
  });

  it('refuses to run without an email', async () => {
    await expect(
      run(process.execPath, ['--import', 'tsx', 'src/cli.ts'], { cwd: path.resolve(import.meta.dirname, '..') }),
    ).rejects.toMatchObject({ code: 2 });
  });
});
