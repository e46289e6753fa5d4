import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrationNames } from './migrator.ts';

/**
 * A landed migration is never edited: two databases at the same version must hold the same
 * schema. Each migration's content is pinned here by its SHA-256 (line endings normalised).
 * Adding a migration: the first test fails and prints the line to add to migration-checksums.json.
 * 20261123000000_inbox_reads_and_delivery.ts was edited after it landed (b75c099); what is pinned is
 * the file as it is now (docs/ARCHITECTURE.md, "Migrations").
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
  it('every migration file is pinned', () => {
    const unpinned = files.filter((file) => !(file in pinned));
    const howTo = unpinned.map((file) => `  "${file}": "${checksum(file)}"`).join(',\n');
    expect(
      unpinned,
      `New migration not pinned yet: once it is final, add this line to server/src/db/migration-checksums.json\n${howTo}`,
    ).toEqual([]);
  });

  it('every pinned migration still exists (a landed migration is never deleted or renamed)', () => {
    expect(Object.keys(pinned).filter((file) => !files.includes(file))).toEqual([]);
  });

  it.each(files.filter((file) => file in pinned))('%s is unchanged since it landed', (file) => {
    expect(checksum(file), `${file} was edited after it landed: restore it and add a new migration instead`).toBe(
      pinned[file],
    );
  });

  it('the migrator runs exactly the files in the folder, in name order', () => {
    expect(migrationNames()).toEqual(files.map((f) => f.replace(/\.ts$/, '')));
  });
});

/** The checksum check itself: it tells an edited file from the pinned one. */
describe('migration checksum', () => {
  it('changes when a migration changes, even by one character, but not with Windows line endings', () => {
    const file = files[0] ?? '';
    const text = fs.readFileSync(path.join(folder, file), 'utf8');
    const sum = (content: string) => createHash('sha256').update(content.replace(/\r\n/g, '\n')).digest('hex');
    expect(sum(text)).toBe(pinned[file]);
    expect(sum(`${text} `)).not.toBe(pinned[file]);
    expect(sum(text.replace(/\n/g, '\r\n'))).toBe(pinned[file]);
  });
});
