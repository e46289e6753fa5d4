import { type PlanetId } from '@gomeum/contracts';
import { useTranslation } from '../../../lib/i18n.ts';
import { GomeumCat } from '../../../lib/illustrations/index.ts';
import { LinesSkeleton } from '../../../lib/skeleton.tsx';
import { useGomeumLogs } from '../api/list-gomeum-logs.ts';
import { useTaskProgress } from '../api/progress.ts';
import { useTaskScreen } from '../api/get-task-screen.ts';

/**
 * What a planet holds for this user, on the planet's own page: their task and how far along it is
 * (or an invitation to set one), and the latest line of Gomeum's log here. A part that fails to
 * load is left out; the way in stays.
 */
export function PlanetSummary({ planet }: { planet: PlanetId }) {
  const { t } = useTranslation();
  const screen = useTaskScreen(planet);
  const progress = useTaskProgress(planet);
  const gomeum = useGomeumLogs(planet);

  if (screen.isPending) return <LinesSkeleton lines={3} />;

  const task = screen.data?.userTask;
  const count = progress.data?.progress;
  const latest = gomeum.data?.items[0];

  return (
    <div className="planet-summary">
      {task?.confirmed ? (
        <div className="planet-summary__task">
          <p className="planet-summary__label">
            {t('planet.your_task')}
            {task.status === 'completed' ? (
              <span className="badge badge--done">{t('task.status_completed')}</span>
            ) : count ? (
              <span className="badge">
                {t('progress.count', { count: Math.min(count.count, count.goal), goal: count.goal })}
              </span>
            ) : null}
          </p>
          <p className="planet-summary__text">{task.description}</p>
        </div>
      ) : (
        <p className="planet-summary__invite">{t('planet.no_task')}</p>
      )}
      {latest ? (
        <figure className="planet-summary__gomeum">
          <GomeumCat pose="sit" size={36} />
          <div>
            <figcaption className="planet-summary__label">{t('planet.gomeum_latest')}</figcaption>
            <blockquote className="planet-summary__text">{latest.content}</blockquote>
          </div>
        </figure>
      ) : null}
    </div>
  );
}
