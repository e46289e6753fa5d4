import type { TestProjectInlineConfiguration } from 'vitest/config';

/** The test files under `dirs` (relative to `root`) that need a module graph of their own. */
export function isolatedTestFiles(root: string, dirs: string[]): string[];
/** Two projects over `include`: 'shared' (one module graph per worker) and 'isolated' (a graph per file). */
export function sharedAndIsolated(root: string, dirs: string[], include: string[]): TestProjectInlineConfiguration[];
