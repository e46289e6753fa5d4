import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'wouter';
import { SkyScene } from '../../../lib/illustrations/index.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';

/** 'Failed to load task info.' with a way to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="load-failed" role="alert">
      <p>{t('task.error_load')}</p>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        {t('task.retry')}
      </button>
    </div>
  );
}

/** Shown when a log or task page is opened without a (known) planet. */
export function PlanetRequired() {
  const { t } = useTranslation();
  useDocumentTitle(t('task.planet_required_title'));
  return (
    <SkyScene scene="galaxy">
      <main className="page page--centered">
        <section className="panel message-card">
          <h1>{t('task.planet_required_title')}</h1>
          <p>{t('task.planet_required_body')}</p>
          <Link className="button button--primary" to="/galaxy">
            {t('planet.back_to_galaxy')}
          </Link>
        </section>
      </main>
    </SkyScene>
  );
}
