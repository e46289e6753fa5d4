import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useSearchParams } from 'wouter';
import { GomeumCat, HOME_SCENES, MoodSky, type HomeScene } from '../../../lib/illustrations/index.ts';
import { useMe } from '../../auth/index.ts';
import { HomePopup } from './home-popup.tsx';
import { useHomePopup } from '../api/get-popup.ts';
import { HOME_POPUP_PARAMS } from '@gomeum/contracts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useHydrating } from '../../../lib/hydration.tsx';

function randomScene(): HomeScene {
  return HOME_SCENES[Math.floor(Math.random() * HOME_SCENES.length)] ?? 'quiet-night';
}

/** The sky the server rendered when hydrating (it stays), else one at random. */
function firstScene(hydrating: boolean): HomeScene {
  const rendered = hydrating ? document.querySelector<HTMLElement>('main.home[data-scene]')?.dataset.scene : null;
  return HOME_SCENES.find((scene) => scene === rendered) ?? randomScene();
}

/** `/`: one of seven skies at random, Gomeum, and the way in. */
export function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(null);
  const hydrating = useHydrating();
  const [scene] = useState(() => firstScene(hydrating));
  const [params, setParams] = useSearchParams();
  const popup = useHomePopup(params);
  const me = useMe();

  const closePopup = () => {
    const next = new URLSearchParams(params);
    for (const key of HOME_POPUP_PARAMS) next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <MoodSky scene={scene}>
      <main className="page page--centered home" data-scene={scene}>
        <div className="home__hero">
          <GomeumCat pose="wave" size={180} className="home__cat" />
          <h1 className="home__title">{t('home.title')}</h1>
          <p className="home__tagline">{t('home.tagline')}</p>
          <Link className="button button--primary button--large" to={me.data ? '/galaxy' : '/register'}>
            {/* A returning user goes on to their galaxy; a visitor enters (to sign up or log in). */}
            {me.data ? t('home.continue') : t('home.enter')}
          </Link>
          {params.get('account') === 'deleted' ? (
            <p className="home__notice panel" role="status">
              {t('home.account_deleted')}
            </p>
          ) : null}
        </div>
      </main>
      {popup ? <HomePopup content={popup} onClose={closePopup} /> : null}
    </MoodSky>
  );
}
