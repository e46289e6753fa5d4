import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import { LocalStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/** The upload store the configuration asks for, and how to let it go when the app closes. */
export function createStorage(config: Pick<AppConfig, 'storage' | 'dataDir'>): { storage: Storage; close(): void } {
  if (config.storage.driver === 's3') {
    const s3 = new S3Storage(config.storage);
    return { storage: s3, close: () => s3.destroy() };
  }
  return { storage: new LocalStorage(path.join(config.dataDir, 'uploads')), close: () => undefined };
}
