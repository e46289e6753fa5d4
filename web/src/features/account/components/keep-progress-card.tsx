import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'wouter';
import { GomeumCat } from '../../../lib/illustrations/index.ts';
import '../account.css';

/**
 * The one-time ask, after a guest's proof: shown in place (under the proof's confirmation), never
 * over the page's controls. "Not now" closes it; it does not come back (the server remembers).
 */
export function KeepProgressCard({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <aside className="keep-card" aria-labelledby={titleId}>
      <GomeumCat pose="sit" size={56} className="keep-card__cat" />
      <div className="keep-card__body">
        <h3 id={titleId} className="keep-card__title">
          {t('guest.ask_title')}
        </h3>
        <p className="keep-card__text">{t('guest.ask_text')}</p>
        <div className="keep-card__actions">
          <Link className="button button--primary" to="/register">
            {t('guest.ask_keep')}
          </Link>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('guest.ask_later')}
          </button>
        </div>
      </div>
    </aside>
  );
}
