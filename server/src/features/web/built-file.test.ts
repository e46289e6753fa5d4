import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { builtFile } from './built-file.ts';

describe('a file of the build', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-built-'));
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('is looked at on disk at most once per interval, and read again when it changed', async () => {
    const file = path.join(dir, 'index.html');
    fs.writeFileSync(file, 'first');
    vi.useFakeTimers({ toFake: ['Date'] });
    const stat = vi.spyOn(fs.promises, 'stat');
    const load = vi.fn((name: string) => fs.readFileSync(name, 'utf8'));
    const read = builtFile(file, load, 'none', 1_000);

    const many = await Promise.all(Array.from({ length: 50 }, () => read()));
    expect(new Set(many)).toEqual(new Set(['first']));
    expect(stat).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(1);

    fs.writeFileSync(file, 'second');
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(file, later, later);
    expect(await read()).toBe('first'); // within the interval: the last look stands
    vi.setSystemTime(Date.now() + 1_000);
    expect(await read()).toBe('second');
    expect(await read()).toBe('second');
    expect(stat).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('stands for a missing file by the value given, and loads it once it is there', async () => {
    const file = path.join(dir, 'version.json');
    const read = builtFile(file, (name) => fs.readFileSync(name, 'utf8'), 'dev', 0);
    expect(await read()).toBe('dev');
    fs.writeFileSync(file, '{"version":"1"}');
    expect(await read()).toBe('{"version":"1"}');
  });

  it('tries a load that failed again at the next look, not before', async () => {
    const file = path.join(dir, 'page-preloads.json');
    fs.writeFileSync(file, '{');
    const load = vi.fn((name: string) => JSON.parse(fs.readFileSync(name, 'utf8')) as unknown);
    const read = builtFile(file, load, null, 0);
    await expect(read()).rejects.toThrow(SyntaxError);
    fs.writeFileSync(file, '{"a":1}');
    await expect(read()).resolves.toEqual({ a: 1 });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
