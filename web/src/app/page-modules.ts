import type { WebRoute } from '@gomeum/contracts';

/**
 * The module of each lazily loaded page, as Vite's build manifest names it (its path from `web/`):
 * the build reads each page's files from the manifest by it, for the server to preload with the
 * page's HTML (scripts/page-preloads.ts). The router's loaders import these same modules
 * (router.test.tsx checks each against its loader).
 */
export const PAGE_MODULES = {
  home: 'src/features/home/index.ts',
  register: 'src/features/auth/pages.ts',
  update: 'src/features/updates/pages.ts',
  galaxy: 'src/features/galaxy/index.ts',
  moon: 'src/features/moon/index.ts',
  planet: 'src/features/planets/index.ts',
  task: 'src/features/tasks/pages.ts',
  userLog: 'src/features/tasks/pages.ts',
  gomeumLog: 'src/features/tasks/pages.ts',
} as const satisfies Partial<Record<WebRoute, string>>;
