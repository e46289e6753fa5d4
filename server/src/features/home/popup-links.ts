import crypto from 'node:crypto';
import { popupPath, type HomePopup, type HomePopupQuery } from '@gomeum/contracts';
import type { HomeRepository } from './home.repository.ts';

/** Bytes of a generated key (HMAC-SHA256's block is 64; 32 random bytes are its full strength). */
const KEY_BYTES = 32;
/** Bytes of the signature a link carries: HMAC-SHA256 cut to 128 bits (22 characters). */
const SIGNATURE_BYTES = 16;
/** What the signature is of, so a signature made for another purpose with the same key never fits. */
const PURPOSE = 'gomeum.home-popup.v1';

/**
 * The key from the environment (`POPUP_SIGNING_KEY`) when given; otherwise the one stored in
 * `settings`, generated at first start and kept, as the VAPID keys are: every instance signs and
 * checks with the same key, and links already shared stay good across restarts.
 */
export async function loadSigningKey(repository: HomeRepository, configured: string | undefined): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  let stored = await repository.signingKey();
  if (!stored) {
    await repository.storeSigningKeyIfMissing(crypto.randomBytes(KEY_BYTES).toString('base64url'));
    stored = await repository.signingKey();
  }
  if (!stored) throw new Error('could not store the popup signing key');
  return Buffer.from(stored, 'base64url');
}

/**
 * Popup links the operator's content produces, signed with the server's key (HMAC-SHA256 of the
 * popup's every parameter), and the check the home page asks for: a popup is shown only when its
 * link is one the server made, so a crafted link cannot make Gomeum's dialog say anything.
 */
export class PopupLinks {
  constructor(private readonly key: Buffer) {}

  private signature(popup: HomePopup): Buffer {
    // JSON of a fixed-order array: no two different popups give the same bytes.
    const message = JSON.stringify([PURPOSE, popup.title, popup.date, popup.image ?? '', popup.video ?? '']);
    return crypto.createHmac('sha256', this.key).update(message).digest().subarray(0, SIGNATURE_BYTES);
  }

  /** The home-page path showing `popup`, with its signature. */
  path(popup: HomePopup): string {
    return popupPath(popup, this.signature(popup).toString('base64url'));
  }

  /** The popup a link's query shows: null unless `popup=true` and the signature fits every parameter. */
  verify(query: HomePopupQuery): HomePopup | null {
    if (query.popup !== 'true' || !query.sig) return null;
    const popup: HomePopup = {
      title: query.title ?? '',
      date: query.date ?? '',
      image: query.image || null,
      video: query.video || null,
    };
    const given = Buffer.from(query.sig, 'base64url');
    const expected = this.signature(popup);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? popup : null;
  }
}
