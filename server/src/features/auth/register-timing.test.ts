import { errorBodySchema } from '@gomeum/contracts';
import { describe, expect, vi } from 'vitest';
import { appTest } from '../../test/app-test.ts';
import { TestClient, type TestApp } from '../../test/test-app.ts';

// Counts the argon2id hashes the server computes: the work a registration spends, whatever its answer.
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('./password.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./password.ts')>();
  return {
    ...original,
    hashPassword: (password: string) => {
      hashes.count += 1;
      return original.hashPassword(password);
    },
  };
});

const it = appTest();

describe('registration does not tell which emails have accounts by its time', () => {
  const hashesFor = async (t: TestApp, body: { email: string; password: string }) => {
    const before = hashes.count;
    const response = await new TestClient(t).post('/api/auth/register', body);
    return { status: response.status, body: response.body, hashes: hashes.count - before };
  };

  it('hashes the password once for a taken email, exactly as for a new one, then answers 409', async ({ t }) => {
    const fresh = await hashesFor(t, { email: 'first@example.com', password: 'purr-purr-1' });
    expect(fresh).toMatchObject({ status: 200, hashes: 1 });
    const taken = await hashesFor(t, { email: 'first@example.com', password: 'another-purr-2' });
    expect(taken.status).toBe(409);
    expect(errorBodySchema.parse(taken.body).error.code).toBe('register.error_email_exists');
    expect(taken.hashes).toBe(1);
  });
});
