import { isLanguage } from '@gomeum/contracts';
import { useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useMe } from '../../auth/index.ts';
import { declinePush, pushState, subscribePushState, turnPushOn } from '../push-state.ts';
import { markSynced } from './push-sync.tsx';
import '../push.css';

/** Why the question is asked now: a proof was just sent, or Gomeum is away as the user writes. */
export type PushOfferReason = 'proof' | 'away';

const TITLE = { proof: 'push.offer_proof_title', away: 'push.offer_away_title' } as const;
const BODY = { proof: 'push.offer_proof_body', away: 'push.offer_away_body' } as const;

/**
 * Asks whether Gomeum may send notifications, in the flow of the page, at the moment it means
 * something (after a proof: "Want to know when Gomeum reacts?"; writing while Gomeum is away):
 * a card in place, never over a form's controls or errors, and only while the browser has not
 * been asked and the user has not said "not now". When the browser refuses, it says how to allow
 * notifications instead of going away.
 */
export function PushOffer({ reason }: { reason: PushOfferReason }) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const userId = me.data?.id ?? null;
  const { permission, declined } = useSyncExternalStore(subscribePushState, pushState, pushState);
  const [asked, setAsked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const titleId = useId();
  const locale = isLanguage(i18n.language) ? i18n.language : 'en';

  // Shown while there is a question to ask, and, once asked here, to say how it ended.
  const blocked = asked && permission === 'denied';
  if (!userId || dismissed || (!blocked && !failed && (permission !== 'default' || declined))) return null;

  const enable = async () => {
    setBusy(true);
    setFailed(false);
    setAsked(true);
    try {
      if (me.data) markSynced(me.data);
      await turnPushOn(locale);
    } catch (error) {
      console.warn('push subscription failed', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="push-offer panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="push-offer__title">
        {blocked ? t('push.blocked_title') : t(TITLE[reason])}
      </h2>
      {blocked ? (
        <>
          <p className="push-offer__body" role="status">
            {t('push.blocked_body')}
          </p>
          <div className="push-offer__actions">
            <button type="button" className="button button--ghost" onClick={() => setDismissed(true)}>
              {t('push.blocked_done')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="push-offer__body">{t(BODY[reason])}</p>
          {failed ? (
            <p className="form__error" role="alert">
              {t('push.failed')}
            </p>
          ) : null}
          <div className="push-offer__actions">
            <button type="button" className="button button--ghost" onClick={() => declinePush()}>
              {t('push.later')}
            </button>
            <button type="button" className="button button--primary" disabled={busy} onClick={() => void enable()}>
              {busy ? t('common.please_wait') : t('push.enable')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
