import crypto from 'node:crypto';
import { file as fileRoute } from '@gomeum/contracts/routes';
import { AppError } from '../../lib/errors.ts';
import { inspectImage, prepareImage, sniffImage, type ImageHeader } from '../../lib/storage/images.ts';
import type { Storage, StoredObject } from '../../lib/storage/storage.ts';
import { DEFAULT_IMAGE_WORK, WorkQueue } from '../../lib/work-queue.ts';
import type { FilesRepository } from './files.repository.ts';

/** A stored file's record. */
export interface FileRecord {
  key: string;
  ownerId: string | null;
  contentType: string;
  size: number;
  private: boolean;
}

/** Who may read private files: their owner and the operator. */
export interface Viewer {
  id: string;
  role: 'user' | 'operator';
}

/** The URL a stored file is served from (its key is `folder/name`). */
export function fileUrl(key: string | null): string | null {
  return key ? fileRoute.path.replace(':folder/:name', key) : null;
}

/**
 * Uploaded images: checked by their bytes, resized for display, stored under a server-made name
 * (the bytes in lib/storage), recorded with owner and visibility (the `files` table), and handed
 * out only to who may see them.
 */
export class FilesService {
  constructor(
    private readonly repo: FilesRepository,
    private readonly storage: Storage,
    private readonly now: () => number,
    /** Where image decoding waits its turn: by cost, addresses and people taking turns (lib/work-queue.ts). */
    private readonly imageWork: WorkQueue = new WorkQueue(DEFAULT_IMAGE_WORK),
  ) {}

  /** 429 `upload.error_busy` now when the owner already has their share of images being decoded. */
  refuseIfImagesBusy(ownerId: string): void {
    this.imageWork.refuseIfBusy(ownerId);
  }

  /**
   * Stores an uploaded image; 415 `upload.error_not_image` unless the bytes are PNG, JPEG, WebP or
   * GIF whose header reads, of at most 50 million pixels. Its decoding waits its turn in the image
   * queue, weighed by its header's cost, sharing turns with other addresses (`address`, the
   * client's; the owner's own turn when absent) and people: 429 `upload.error_busy` when its owner
   * already has two images there, 503 `upload.error_queue_full` when there is no room, at once.
   */
  async putImage(
    bytes: Buffer,
    options: { folder: string; ownerId: string | null; private: boolean; address?: string | undefined },
  ): Promise<FileRecord> {
    const header = await this.inspect(bytes);
    const person = options.ownerId ?? '';
    const job = { person, address: options.address ?? `person:${person}`, cost: header.cost };
    let image;
    try {
      image = await this.imageWork.run(job, () => prepareImage(bytes, header));
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('upload.error_not_image');
    }
    const key = `${options.folder}/${crypto.randomBytes(16).toString('base64url')}.${image.extension}`;
    await this.storage.put(key, image.body, image.contentType);
    const record: FileRecord = {
      key,
      ownerId: options.ownerId,
      contentType: image.contentType,
      size: image.body.length,
      private: options.private,
    };
    try {
      await this.repo.insert({
        key,
        owner_id: record.ownerId,
        content_type: record.contentType,
        size: record.size,
        private: record.private ? 1 : 0,
        created_at: this.now(),
      });
    } catch (error) {
      await this.storage.delete(key);
      throw error;
    }
    return record;
  }

  /** What an upload's header says (type by its bytes, size, decoding cost); 415 when it is no image we take. */
  private async inspect(bytes: Buffer): Promise<ImageHeader> {
    const type = sniffImage(bytes);
    if (!type) throw new AppError('upload.error_not_image');
    try {
      return await inspectImage(bytes, type);
    } catch {
      throw new AppError('upload.error_not_image');
    }
  }

  /**
   * Removes a file and its record (used to undo an upload whose owner row failed to save). Both
   * are attempted even when one fails: an entry that failed because the database is down must
   * still not leave its file behind.
   */
  async remove(key: string): Promise<void> {
    const [row, file] = await Promise.allSettled([this.repo.delete(key), this.storage.delete(key)]);
    if (file.status === 'rejected') throw file.reason;
    if (row.status === 'rejected') throw row.reason;
  }

  /** The stored bytes of a file, whoever asks (the caller has checked who may): null when gone. */
  open(key: string): Promise<StoredObject | null> {
    return this.storage.get(key);
  }

  /** Removes a file's stored bytes only (its record is gone already, with its owner's rows). */
  deleteObject(key: string): Promise<void> {
    return this.storage.delete(key);
  }

  /**
   * The file for this viewer, or null when it does not exist or they may not see it (a private
   * file is answered exactly like a missing one, so its existence does not leak).
   */
  async read(key: string, viewer: Viewer | null): Promise<(StoredObject & { private: boolean }) | null> {
    const row = await this.repo.find(key);
    if (!row) return null;
    if (row.private === 1) {
      if (!viewer) return null;
      if (viewer.role !== 'operator' && viewer.id !== row.owner_id) return null;
    }
    const object = await this.storage.get(key);
    return object ? { ...object, contentType: row.content_type, private: row.private === 1 } : null;
  }
}
