import { createRequire } from 'node:module';
import type webpush from 'web-push';
import { z } from 'zod';
import type { PushRepository } from './push.repository.ts';

/** The VAPID key pair that signs every push, and who to contact about them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const SETTING_KEY = 'vapid_keys';
const storedKeysSchema = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });

/**
 * The keys from the environment when given; otherwise the ones stored in `settings`, generated and
 * stored at first start. Browsers tie subscriptions to the public key, so it must never change.
 */
export async function loadVapidKeys(
  repository: PushRepository,
  configured: { publicKey: string; privateKey: string } | undefined,
  subject: string,
): Promise<VapidKeys> {
  if (configured) return { ...configured, subject };
  const read = async () => {
    const value = await repository.getSetting(SETTING_KEY);
    if (!value) return undefined;
    const parsed = storedKeysSchema.safeParse(JSON.parse(value));
    if (!parsed.success) throw new Error(`settings.${SETTING_KEY} is damaged; fix or delete it`);
    return parsed.data;
  };
  let keys = await read();
  if (!keys) {
    // Only the first start ever needs web-push here: loaded then, not on every start.
    const { generateVAPIDKeys } = createRequire(import.meta.url)('web-push') as typeof webpush;
    const generated = generateVAPIDKeys();
    await repository.insertSettingIfMissing(SETTING_KEY, JSON.stringify(generated));
    keys = await read();
  }
  if (!keys) throw new Error('could not store the VAPID keys');
  return { ...keys, subject };
}
