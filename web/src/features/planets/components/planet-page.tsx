import { isPlaceId } from '@gomeum/contracts';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useParams } from 'wouter';
import { PlanetArt, SkyScene } from '../../../lib/illustrations/index.ts';
import { PlanetSummary } from '../../tasks/index.ts';
import '../planets.css';
import { useDocumentTitle } from '../../../lib/document-title.ts';

/**
 * `/planet/{id}`: the planet's own sky and art, what it holds for this user (their task and
 * progress, Gomeum's latest log line), and the way to its task screen.
 */
export function PlanetPage() {
  const { t } = useTranslation();
  const { planetId = '' } = useParams();
  useDocumentTitle(isPlaceId(planetId) ? t(`planets.${planetId}.name`) : t('planet.unknown_title'));
  if (!isPlaceId(planetId)) {
    return (
      <SkyScene scene="galaxy">
        <main className="page page--centered">
          <section className="panel message-card">
            <h1>{t('planet.unknown_title')}</h1>
            <Link className="button button--primary" to="/galaxy">
              {t('planet.back_to_galaxy')}
            </Link>
          </section>
        </main>
      </SkyScene>
    );
  }
  return (
    <SkyScene scene={planetId}>
      <main className="page page--centered planet-page" data-planet={planetId}>
        <PlanetArt planet={planetId} size={220} className="planet-page__art" />
        <section className="panel planet-page__panel">
          <h1 className="planet-page__title">{t(`planets.${planetId}.name`)}</h1>
          <p className="planet-page__tagline">{t(`planets.${planetId}.tagline`)}</p>
          {planetId !== 'moon' ? <PlanetSummary planet={planetId} /> : null}
          <div className="planet-page__actions">
            {planetId !== 'moon' ? (
              <Link className="button button--primary button--large" to={`/task/${planetId}`}>
                {t('planet.enter')}
              </Link>
            ) : null}
            <Link className="button button--ghost" to="/galaxy">
              {t('planet.back_to_galaxy')}
            </Link>
          </div>
        </section>
      </main>
    </SkyScene>
  );
}
