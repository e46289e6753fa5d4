import { useTranslation } from 'react-i18next';
import { GomeumCat, SkyScene } from '../features/art/index.ts';
import { useDocumentTitle } from '../lib/document-title.ts';

/** Shown when a page fails to load or render (a new deployment removed its chunk, say). */
export function RouteError() {
  const { t } = useTranslation();
  useDocumentTitle(t('route_error.title'));
  return (
    <SkyScene scene="eclipse">
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
    </SkyScene>
  );
}
