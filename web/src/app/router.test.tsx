import path from 'node:path';
import { WEB_ROUTES, type WebRoute } from '@gomeum/contracts';
import { describe, expect, it } from 'vitest';
import { PAGE_MODULES } from './page-modules.ts';
import { preloadPage } from './router.tsx';

describe("the router's pages", () => {
  it.each(Object.entries(PAGE_MODULES))('loads %s from the module the build preloads for it', async (name, module) => {
    // The page's address, any parameter filled in.
    const pathname = WEB_ROUTES[name as WebRoute].replace(/:(\w+)\??/g, 'music');
    const page = await preloadPage(pathname === '/planet/music' && name === 'moon' ? '/planet/moon' : pathname);
    const loaded = (await import(/* @vite-ignore */ path.resolve(import.meta.dirname, '../..', module))) as Record<
      string,
      unknown
    >;
    expect(Object.values(loaded)).toContain(page);
  });
});
