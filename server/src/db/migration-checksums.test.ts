import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrationNames } from './migrator.ts';

/**
 * A landed migration is never edited: two databases at the same version must hold the same
 * schema. Each migration's content is pinned here by its SHA-256 (line endings normalised).
 * Adding a migration: append its file name and `sha256sum` to migration-checksums.json.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const folder = path.join(here, 'migrations');
const pinned = JSON.parse(fs.readFileSync(path.join(here, 'migration-checksums.json'), 'utf8')) as Record<
  string,
  string
>;

function checksum(file: string): string {
  const text = fs.readFileSync(path.join(folder, file), 'utf8').replace(/\r\n/g, '\n');
  return createHash('sha256').update(text).digest('hex');
}

const files = fs
  .readdirSync(folder)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .sort();

describe('landed migrations', () => {
  it('every migration file is pinned, and every pinned one still exists', () => {
    expect(files).toEqual(Object.keys(pinned).sort());
  });

  it.each(files)('%s is unchanged since it landed', (file) => {
    expect(checksum(file), `${file} was edited: add a new migration instead`).toBe(pinned[file]);
  });

  it('the migrator runs exactly the files in the folder, in name order', () => {
    expect(migrationNames()).toEqual(files.map((f) => f.replace(/\.ts$/, '')));
  });
});
