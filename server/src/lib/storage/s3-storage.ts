import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertStorageKey, type Storage, type StoredObject } from './storage.ts';

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
  private readonly client: S3Client;

  constructor(private readonly options: S3Options) {
    this.client = new S3Client({
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
      new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    assertStorageKey(key);
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      if (!(result.Body instanceof Readable)) return null;
      return {
        body: result.Body,
        size: result.ContentLength ?? 0,
        contentType: result.ContentType ?? 'application/octet-stream',
      };
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  async probe(): Promise<'ok' | 'down'> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }), {
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
