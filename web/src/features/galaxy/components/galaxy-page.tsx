import { PLACE_IDS, isPlanetId, type PlanetStanding } from '@gomeum/contracts';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'wouter';
import { PlanetArt, SkyScene } from '../../../lib/illustrations/index.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useGalaxy } from '../api/get-galaxy.ts';
import './galaxy.css';

/**
 * A planet's state in words and a shape (never colour alone): none, progress, completed; Gomeum's
 * dot (a new log) and heart (a reaction to the user's proof).
 */
function Standing({ standing }: { standing: PlanetStanding }) {
  const { t } = useTranslation();
  const text =
    standing.state === 'completed'
      ? t('galaxy.state_completed')
      : standing.state === 'in_progress'
        ? t('galaxy.state_progress', { count: Math.min(standing.count, standing.goal), goal: standing.goal })
        : t('galaxy.state_none');
  return (
    <>
      <span className={`galaxy__state galaxy__state--${standing.state}`}>
        <span className="galaxy__state-icon" aria-hidden="true">
          {standing.state === 'completed' ? '✓' : standing.state === 'in_progress' ? '◔' : '○'}
        </span>
        {text}
      </span>
      {standing.gomeumNew ? (
        <span className="galaxy__news" title={t('galaxy.gomeum_new')}>
          <span className="visually-hidden">{t('galaxy.gomeum_new')}</span>
        </span>
      ) : null}
      {standing.reactionNew ? (
        <span className="galaxy__reacted" title={t('galaxy.reaction_new')} data-testid="galaxy-reacted">
          <span aria-hidden="true">♥</span>
          <span className="visually-hidden">{t('galaxy.reaction_new')}</span>
        </span>
      ) : null}
    </>
  );
}

/** `/galaxy`: the seven planets and the moon, each a way to its planet page, with where the user stands. */
export function GalaxyPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('galaxy.title'));
  const galaxy = useGalaxy();
  const standings = new Map((galaxy.data?.planets ?? []).map((p) => [p.planet, p]));
  return (
    <SkyScene scene="galaxy">
      <main className="page galaxy">
        <h1 className="galaxy__title">{t('galaxy.title')}</h1>
        <p className="galaxy__lead">{t('galaxy.lead')}</p>
        <ul className="galaxy__map">
          {PLACE_IDS.map((id) => {
            const standing = isPlanetId(id) ? standings.get(id) : undefined;
            return (
              // Its place on the map and its hue: galaxy.css and the art's sky.css.
              <li key={id} className={`galaxy__item galaxy__item--${id} art-hue--${id}`}>
                <Link className="galaxy__planet" to={`/planet/${id}`} data-planet={id}>
                  <PlanetArt planet={id} className="galaxy__art" />
                  <span className="galaxy__label">{t(`planets.${id}.name`)}</span>
                  {standing ? (
                    <Standing standing={standing} />
                  ) : galaxy.isPending && isPlanetId(id) ? (
                    // The standing's line is kept while it loads, so nothing moves when it comes.
                    <span className="galaxy__state galaxy__state--pending" aria-hidden="true">
                      {'\u00a0'}
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </main>
    </SkyScene>
  );
}
