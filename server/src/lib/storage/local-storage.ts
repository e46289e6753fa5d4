import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, type Storage, type StoredObject } from './storage.ts';

/** Files on local disk under one folder (default `DATA_DIR/uploads`); type kept in a sidecar. */
export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const file = this.file(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a reader never sees half a file. A write that fails (a full disk, say)
    // takes its pieces with it: nothing half-written stays behind.
    const temp = `${file}.${process.pid}.tmp`;
    try {
      await fsp.writeFile(temp, body);
      await fsp.writeFile(`${file}.type`, contentType);
      await fsp.rename(temp, file);
    } catch (error) {
      await Promise.allSettled([fsp.rm(temp, { force: true }), fsp.rm(`${file}.type`, { force: true })]);
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.file(key);
    try {
      const [stat, contentType] = await Promise.all([fsp.stat(file), fsp.readFile(`${file}.type`, 'utf8')]);
      return { body: fs.createReadStream(file), size: stat.size, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async probe(): Promise<'ok' | 'full' | 'down'> {
    // A few bytes written and flushed to disk: what every upload (and the database beside it) needs.
    const file = path.join(this.root, `.probe-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
    try {
      await fsp.mkdir(this.root, { recursive: true });
      const handle = await fsp.open(file, 'w');
      try {
        await handle.writeFile('ok');
        await handle.sync();
      } finally {
        await handle.close();
      }
      return 'ok';
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return code === 'ENOSPC' || code === 'EDQUOT' ? 'full' : 'down';
    } finally {
      await fsp.rm(file, { force: true }).catch(() => undefined);
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await fsp.rm(file, { force: true });
    await fsp.rm(`${file}.type`, { force: true });
  }
}
