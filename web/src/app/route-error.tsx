import { useTranslation } from '../lib/i18n.ts';
import { GomeumCat } from '../lib/illustrations/index.ts';
import { useDocumentTitle } from '../lib/document-title.ts';

/**
 * Shown when a page fails to load or render (a new deployment removed its chunk, say). It ships
 * with the app's frame, so it draws only the eclipse sky's colours and the cat, not the whole sky.
 */
export function RouteError() {
  const { t } = useTranslation();
  useDocumentTitle(t('route_error.title'));
  return (
    <div className="art-scene art-scene--eclipse">
      <main className="page page--centered">
        <section className="panel message-card" role="alert">
          <GomeumCat pose="sit" size={96} />
          <h1>{t('route_error.title')}</h1>
          <p>{t('route_error.body')}</p>
          <button className="button button--primary" type="button" onClick={() => window.location.reload()}>
            {t('route_error.reload')}
          </button>
        </section>
      </main>
    </div>
  );
}
