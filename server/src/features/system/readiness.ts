import type { Readiness, ReadinessCheck } from '@gomeum/contracts';
import type { Kysely } from 'kysely';
import { pingDatabase } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { Storage } from '../../lib/storage/storage.ts';

/** What readiness looks at. */
export interface ReadinessDeps {
  db: Kysely<Database>;
  storage: Storage;
  /** Redis as this instance sees it (`off` when not configured). */
  redis: () => ReadinessCheck;
  now: () => number;
}

// A check that has not answered in this time counts as down.
const CHECK_TIMEOUT_MS = 1_000;
// After a request failed for lack of space, storage counts as full for this long, whatever a
// small probe write says (the disk may have a few bytes left that no real write fits in).
const FULL_MEMORY_MS = 30_000;

function within<T>(promise: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), CHECK_TIMEOUT_MS)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance can serve, for load balancers and operators (`GET /readyz`): the
 * database answers, storage takes a write, Redis is connected. Redis down is `degraded` (this
 * instance still serves; other instances' clients hear of it later); the database or storage down
 * or full is `unavailable`.
 */
export class ReadinessService {
  private storageFullAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly deps: ReadinessDeps) {}

  /** A request failed for lack of space: readiness says so for a while. */
  noteStorageFull(): void {
    this.storageFullAt = this.deps.now();
  }

  async check(): Promise<Readiness> {
    const [db, probed] = await Promise.all([
      within(
        pingDatabase(this.deps.db).then(
          (): ReadinessCheck => 'ok',
          (): ReadinessCheck => 'down',
        ),
        'down',
      ),
      within(this.deps.storage.probe(), 'down' as const),
    ]);
    const storage = probed === 'ok' && this.deps.now() - this.storageFullAt < FULL_MEMORY_MS ? 'full' : probed;
    const redis = this.deps.redis();
    const status = db !== 'ok' || storage !== 'ok' ? 'unavailable' : redis === 'down' ? 'degraded' : 'ready';
    return { status, checks: { db, redis, storage } };
  }
}
