import { useTranslation } from '../lib/i18n.ts';
import { Link } from 'wouter';
import { GomeumCat, MoodSky } from '../lib/illustrations/index.ts';
import { useDocumentTitle } from '../lib/document-title.ts';

/** Any path that is not a page of the app. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('not_found.title'));
  return (
    <MoodSky scene="quiet-night">
      <main className="page page--centered">
        <section className="panel message-card">
          <GomeumCat pose="sleep" size={96} />
          <h1>{t('not_found.title')}</h1>
          <p>{t('not_found.body')}</p>
          <Link className="button button--primary" to="/">
            {t('common.back_home')}
          </Link>
        </section>
      </main>
    </MoodSky>
  );
}
