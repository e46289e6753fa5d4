// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The boundaries of eslint.config.js (docs/ARCHITECTURE.md, "Boundaries") bite: ESLint, run with
 * the repository's own config, on source files placed where they would live, each importing a real
 * file it must not reach. Only the boundary rule runs (type information is left out, so the files
 * need not exist on disk; what they import does).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }],
  ruleFilter: ({ ruleId }) => ruleId === 'import/no-restricted-paths',
});

/** The boundary errors ESLint reports for `code` as the file at `file` (from the repository root). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  const fatal = result?.messages.filter((m) => m.fatal) ?? [];
  expect(fatal.map((m) => m.message)).toEqual([]);
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import/no-restricted-paths').map((m) => m.message);
}

describe('feature boundaries on the web', { timeout: 60_000 }, () => {
  it("refuses a feature's internals from another feature, and lets its index.ts through", async () => {
    // The tasks feature may use push and account (WEB_FEATURE_DEPENDENCIES), through their index.ts.
    const file = 'web/src/features/tasks/components/fixture.tsx';
    expect(await boundaryErrors(file, "export { turnPushOn } from '../../push/push-state.ts';\n")).toEqual([
      expect.stringContaining('Import the push feature through its index.ts'),
    ]);
    expect(
      await boundaryErrors(file, "export { PushOffer } from '../../push/components/push-offer.tsx';\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(file, "export { downloadArchive } from '../../account/api/account.ts';\n"),
    ).toHaveLength(1);
    expect(await boundaryErrors(file, "export { PushOffer } from '../../push/index.ts';\n")).toEqual([]);
    // Its own files are its own business.
    expect(await boundaryErrors(file, "export { TaskPage } from './task-page.tsx';\n")).toEqual([]);
  });

  it('keeps operator screens to the dashboard: operator.ts is refused elsewhere', async () => {
    const entry = "export { MoonSection } from '../../moon/operator.ts';\n";
    // Even a feature that may use the account feature never takes its operator screens.
    expect(
      await boundaryErrors(
        'web/src/features/tasks/components/fixture.tsx',
        "export { UserDataActions } from '../../account/operator.ts';\n",
      ),
    ).toEqual([expect.stringContaining('operator.ts, from the dashboard only')]);
    expect(
      await boundaryErrors('web/src/app/fixture.tsx', "export { MoonSection } from '../features/moon/operator.ts';\n"),
    ).toHaveLength(1);
    expect(await boundaryErrors('web/src/features/dashboard/components/fixture.tsx', entry)).toEqual([]);
    // The dashboard too enters a feature only through its entries.
    expect(
      await boundaryErrors(
        'web/src/features/dashboard/components/fixture.tsx',
        "export { MoonSection } from '../../moon/components/moon-section.tsx';\n",
      ),
    ).toEqual([expect.stringContaining('through its index.ts or operator.ts')]);
  });

  it('keeps lib/ off features/ and app/, and features/ off app/', async () => {
    expect(
      await boundaryErrors('web/src/lib/fixture.ts', "export { TaskPage } from '../features/tasks/index.ts';\n"),
    ).toEqual([expect.stringContaining('lib/ is shared by everything')]);
    expect(
      await boundaryErrors('web/src/lib/fixture.ts', "export { routes } from '../app/router.tsx';\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'web/src/features/auth/components/fixture.tsx',
        "export { routes } from '../../../app/router.tsx';\n",
      ),
    ).toEqual([expect.stringContaining('features/ never import app/')]);
    expect(
      await boundaryErrors(
        'web/src/features/auth/components/fixture.tsx',
        "export { LoadingScreen } from '../../../lib/loading-screen.tsx';\n",
      ),
    ).toEqual([]);
  });

  it("lets a feature refresh another's data through its keys.ts, never through its api/ folder", async () => {
    const code = (from: string) => `export { taskKeys } from '${from}';\n`;
    expect(
      await boundaryErrors('web/src/features/planets/components/planet-page.tsx', code('../../tasks/keys.ts')),
    ).toEqual([]);
    expect(
      await boundaryErrors('web/src/features/planets/components/planet-page.tsx', code('../../tasks/api/keys.ts')),
    ).toEqual([expect.stringContaining('Import the tasks feature through its index.ts')]);
  });

  it('lets a feature import only the features it is listed to depend on: no two import each other', async () => {
    // The dashboard composes the features' operator screens; they never reach back into it, and
    // each owns its query keys (the chat's own api/keys.ts, not the dashboard's).
    const entries = [
      ['web/src/features/dashboard/components/dashboard-page.tsx', '../../chat/operator.ts', 'ChatSection', []],
      ['web/src/features/dashboard/components/dashboard-page.tsx', '../../tasks/operator.ts', 'ProofsSection', []],
      ['web/src/features/chat/components/chat-section.tsx', '../../dashboard/index.ts', 'DashboardPage', ['chat']],
      ['web/src/features/tasks/api/proof-queue.ts', '../../dashboard/index.ts', 'DashboardPage', ['tasks']],
      ['web/src/features/tasks/components/task-page.tsx', '../../push/index.ts', 'PushOffer', []],
      ['web/src/features/push/components/push-offer.tsx', '../../tasks/index.ts', 'PlanetSummary', ['push']],
      [
        'web/src/features/notifications/components/broadcast-toasts.tsx',
        '../../push/index.ts',
        'PushOffer',
        ['notifications'],
      ],
    ] as const;
    const allowed = {
      chat: 'auth, push',
      tasks: 'account, auth, push',
      push: 'auth, notifications',
      notifications: 'no other feature',
    };
    for (const [file, from, name, refused] of entries) {
      // A type's import counts too: a feature's types are part of what it depends on.
      const expected = refused.map((feature) => `The ${feature} feature may import only ${allowed[feature]}`);
      const errors = await boundaryErrors(
        file,
        `import type { ${name} } from '${from}';\nexport type T = typeof ${name};\n`,
      );
      expect(errors.map((error) => expected.find((text) => error.includes(text)) ?? error)).toEqual(expected);
    }
  });
});

describe('feature boundaries on the server', { timeout: 60_000 }, () => {
  it("refuses a feature's internals from another feature", async () => {
    expect(
      await boundaryErrors(
        'server/src/features/chat/fixture.ts',
        "export { TasksRepository } from '../tasks/tasks.repository.ts';\n",
      ),
    ).toEqual([expect.stringContaining('Import the tasks feature through its index.ts')]);
    expect(
      await boundaryErrors(
        'server/src/features/tasks/fixture.ts',
        "export { TasksRepository } from './tasks.repository.ts';\n",
      ),
    ).toEqual([]);
  });

  it('lets a feature import only the features it is listed to depend on: no two import each other', async () => {
    // Chat uses the companion and tasks; tasks uses the companion; the companion uses neither.
    const entries = [
      ['server/src/features/chat/chat.service.ts', '../tasks/index.ts', 'TasksService', []],
      ['server/src/features/chat/chat.service.ts', '../companion/index.ts', 'GomeumVoice', []],
      ['server/src/features/tasks/reactions.service.ts', '../companion/index.ts', 'GomeumVoice', []],
      ['server/src/features/tasks/reactions.service.ts', '../chat/index.ts', 'ChatService', ['tasks']],
      ['server/src/features/companion/voice.ts', '../chat/index.ts', 'ChatService', ['companion']],
      ['server/src/features/companion/voice.ts', '../tasks/index.ts', 'TasksService', ['companion']],
      ['server/src/features/files/files.service.ts', '../account/index.ts', 'AccountService', ['files']],
    ] as const;
    for (const [file, from, name, refused] of entries) {
      // A type's import counts too: a feature's types are part of what it depends on.
      const expected = refused.map((feature) => {
        const allowed = feature === 'tasks' ? 'auth, companion, files' : 'no other feature';
        return `The ${feature} feature may import only ${allowed}`;
      });
      const errors = await boundaryErrors(file, `import type { ${name} } from '${from}';\nexport type T = ${name};\n`);
      expect(errors.map((error) => expected.find((text) => error.includes(text)) ?? error)).toEqual(expected);
    }
  });

  it('keeps lib/ and db/ off features/', async () => {
    const code = "export { ChatRepository } from '../features/chat/chat.repository.ts';\n";
    for (const file of ['server/src/lib/fixture.ts', 'server/src/db/fixture.ts']) {
      expect(await boundaryErrors(file, code)).toEqual(
        expect.arrayContaining([expect.stringContaining('lib/ and db/ are shared by every feature')]),
      );
    }
  });

  it("keeps app.ts and every feature to another feature's index.ts: no file is excepted", async () => {
    // The account feature takes auth's cookie names and password check from auth's index.ts.
    for (const [file, code] of [
      ['server/src/features/account/account.service.ts', "export { verifyPassword } from '../auth/password.ts';\n"],
      ['server/src/features/account/account.routes.ts', "export { SESSION_COOKIE } from '../auth/auth.routes.ts';\n"],
      ['server/src/features/chat/chat.service.ts', "export { TasksRepository } from '../tasks/tasks.repository.ts';\n"],
    ] as const) {
      expect(await boundaryErrors(file, code)).toEqual([
        expect.stringMatching(/Import the (auth|tasks) feature through its index\.ts/),
      ]);
    }
    expect(
      await boundaryErrors(
        'server/src/features/account/account.service.ts',
        "export { verifyPassword, SESSION_COOKIE } from '../auth/index.ts';\n",
      ),
    ).toEqual([]);
    // app.ts builds each feature from its index.ts, never from its files.
    expect(
      await boundaryErrors(
        'server/src/app.ts',
        "export { ChatRepository } from './features/chat/chat.repository.ts';\n",
      ),
    ).toEqual([expect.stringContaining('Import the chat feature through its index.ts')]);
    expect(
      await boundaryErrors('server/src/app.ts', "export { createChat } from './features/chat/index.ts';\n"),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'server/src/cli.ts',
        "export { ChatRepository } from './features/chat/chat.repository.ts';\n",
      ),
    ).toHaveLength(1);
  });
});

describe("libraries' internals", { timeout: 60_000 }, () => {
  const restricted = new ESLint({
    cwd: ROOT,
    overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }],
    ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
  });
  const refused = async (file: string, code: string) => {
    const [result] = await restricted.lintText(code, { filePath: path.join(ROOT, file) });
    return (result?.messages ?? []).map((m) => m.message);
  };

  it('are refused: a package is imported through its public entries only', async () => {
    for (const file of ['server/src/lib/fixture.ts', 'web/src/lib/fixture.ts', 'packages/contracts/src/fixture.ts']) {
      expect(
        await refused(file, "import type { FastifySerializerCompiler } from 'fastify/types/schema.js';\n"),
      ).toEqual([expect.stringContaining('No library internals')]);
      expect(await refused(file, "import WebSocket from 'ws/lib/websocket.js';\n")).toHaveLength(1);
      expect(await refused(file, "import helmet from 'helmet/dist/index.cjs';\n")).toHaveLength(1);
      expect(await refused(file, "import type { FastifySerializerCompiler } from 'fastify';\n")).toEqual([]);
      expect(await refused(file, "import { z } from 'zod/mini';\n")).toEqual([]);
      expect(await refused(file, "import { routes } from '@gomeum/contracts/routes';\n")).toEqual([]);
      expect(await refused(file, "import { x } from './lib/x.ts';\n")).toEqual([]);
    }
  });
});
