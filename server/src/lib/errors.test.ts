import { describe, expect, it } from 'vitest';
import { infrastructureFailure } from './errors.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('infrastructureFailure', () => {
  it('tells a database or service that is away (503) from a full disk (507) from our own bugs', () => {
    // PostgreSQL restarting, unreachable, starting up, out of connections.
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300', 'ECONNREFUSED', 'ECONNRESET']) {
      expect(infrastructureFailure(withCode(code))).toBe('unavailable');
    }
    expect(infrastructureFailure(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    expect(infrastructureFailure(new Error('timeout exceeded when trying to connect'))).toBe('unavailable');
    expect(infrastructureFailure(withCode('SQLITE_BUSY'))).toBe('unavailable');
    // No space: SQLite, PostgreSQL (53100 disk_full) and the file system.
    for (const code of ['SQLITE_FULL', '53100', 'ENOSPC', 'EDQUOT']) {
      expect(infrastructureFailure(withCode(code))).toBe('storage_full');
    }
    // Wrapped by a library.
    expect(infrastructureFailure(new Error('query failed', { cause: withCode('57P01') }))).toBe('unavailable');
    // Everything else is ours to fix: a plain 500.
    for (const error of [
      new TypeError('x is undefined'),
      withCode('23505'),
      withCode('SQLITE_CONSTRAINT'),
      'text',
      null,
    ]) {
      expect(infrastructureFailure(error)).toBeNull();
    }
  });
});
