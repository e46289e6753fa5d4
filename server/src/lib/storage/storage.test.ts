import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The contract every storage driver keeps; run against each driver below. */
function storageContract(name: string, create: () => Promise<{ storage: Storage; close: () => Promise<void> }>) {
  describe(`${name} storage`, () => {
    let storage: Storage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await create());
    });
    afterAll(async () => {
      await close();
    });

    it('stores bytes with their type and reads them back', async () => {
      const body = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 5]);
      await storage.put('proofs/AAAAAAAAAAAAAAAAAAAAAA.webp', body, 'image/webp');
      const object = await storage.get('proofs/AAAAAAAAAAAAAAAAAAAAAA.webp');
      expect(object).not.toBeNull();
      expect(object?.contentType).toBe('image/webp');
      expect(object?.size).toBe(body.length);
      expect(await readAll(object!.body)).toEqual(body);
    });

    it('answers null for a missing key and after delete', async () => {
      expect(await storage.get('proofs/BBBBBBBBBBBBBBBBBBBBBB.webp')).toBeNull();
      await storage.put('proofs/CCCCCCCCCCCCCCCCCCCCCC.gif', Buffer.from('GIF89a'), 'image/gif');
      await storage.delete('proofs/CCCCCCCCCCCCCCCCCCCCCC.gif');
      expect(await storage.get('proofs/CCCCCCCCCCCCCCCCCCCCCC.gif')).toBeNull();
      await expect(storage.delete('proofs/CCCCCCCCCCCCCCCCCCCCCC.gif')).resolves.toBeUndefined();
    });

    it('refuses keys the server could not have made', async () => {
      await expect(
        storage.put('../escape/AAAAAAAAAAAAAAAAAAAAAA.webp', Buffer.from('x'), 'image/webp'),
      ).rejects.toThrow();
      await expect(storage.get('proofs/evil.html')).rejects.toThrow();
    });
  });
}

storageContract('local-disk', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-storage-'));
  return {
    storage: new LocalStorage(root),
    close: async () => fs.rmSync(root, { recursive: true, force: true }),
  };
});

// An S3-compatible server that runs in this process, on loopback.
storageContract('S3', async () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'gomeum' }],
  });
  const { port } = await server.run();
  const storage = new S3Storage({
    bucket: 'gomeum',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  return {
    storage,
    close: async () => {
      storage.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
});
