import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import { assertStorageKey, type Storage, type StoredObject } from './storage.ts';

// The AWS SDK takes a good part of a second to load: only a server that stores files in a bucket
// loads it, when its storage is made.
let sdk: typeof S3 | undefined;
function s3(): typeof S3 {
  sdk ??= createRequire(import.meta.url)('@aws-sdk/client-s3') as typeof S3;
  return sdk;
}

/** Connection settings of an S3-compatible bucket. */
export interface S3Options {
  bucket: string;
  endpoint?: string | undefined;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Path-style URLs (`endpoint/bucket/key`), which most self-hosted S3 servers need. */
  forcePathStyle: boolean;
}

/** Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), shared by every server instance. */
export class S3Storage implements Storage {
  private readonly client: S3.S3Client;

  constructor(private readonly options: S3Options) {
    this.client = new (s3().S3Client)({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(
      new (s3().PutObjectCommand)({ Bucket: this.options.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    assertStorageKey(key);
    try {
      const result = await this.client.send(new (s3().GetObjectCommand)({ Bucket: this.options.bucket, Key: key }));
      if (!(result.Body instanceof Readable)) return null;
      return {
        body: result.Body,
        size: result.ContentLength ?? 0,
        contentType: result.ContentType ?? 'application/octet-stream',
      };
    } catch (error) {
      if (error instanceof s3().NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new (s3().DeleteObjectCommand)({ Bucket: this.options.bucket, Key: key }));
  }

  async probe(): Promise<'ok' | 'down'> {
    try {
      await this.client.send(new (s3().HeadBucketCommand)({ Bucket: this.options.bucket }), {
        abortSignal: AbortSignal.timeout(2_000),
      });
      return 'ok';
    } catch {
      return 'down';
    }
  }

  /** Releases the client's sockets. */
  destroy(): void {
    this.client.destroy();
  }
}
