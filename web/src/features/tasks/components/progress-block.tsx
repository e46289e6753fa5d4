import type { PlanetId, TaskProgress } from '@gomeum/contracts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useTaskProgress } from '../api/progress.ts';
import { Suspense } from 'react';
import { lazyPart } from '../../../lib/lazy-part.tsx';
import './progress.css';

/** The celebration of a goal reached (a modal dialog, shown once): its code loads when it is due. */
const { Part: Celebration } = lazyPart(
  () => import('./celebration.tsx'),
  (module) => module.Celebration,
);

/** "3 of 5" with a bar, and the streaks (in days or weeks, by the goal's cadence). */
export function ProgressSummary({ progress }: { progress: TaskProgress }) {
  const { t } = useTranslation();
  const shown = Math.min(progress.count, progress.goal);
  const weekly = progress.cadence === 'weekly';
  // "1 day", "2 days": the form is the language's plural rule's (i18next's `_one`/`_other` keys).
  const streak = (count: number) =>
    weekly ? t('progress.streak_weeks', { count }) : t('progress.streak_days', { count });
  return (
    <div className="progress-summary">
      <p className="progress-summary__count">{t('progress.count', { count: shown, goal: progress.goal })}</p>
      <progress
        className="progress-bar"
        max={progress.goal}
        value={shown}
        aria-label={t('progress.count', { count: shown, goal: progress.goal })}
      />
      <dl className="progress-streaks">
        <div>
          <dt>{t('progress.current_streak')}</dt>
          <dd>{streak(progress.currentStreak)}</dd>
        </div>
        <div>
          <dt>{t('progress.best_streak')}</dt>
          <dd>{streak(progress.bestStreak)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** The progress panel of the task screen, shown once the task is confirmed. */
export function ProgressBlock({ planet }: { planet: PlanetId }) {
  const { t } = useTranslation();
  const query = useTaskProgress(planet);
  if (query.isPending) return null;
  if (query.isError || !query.data.progress) return null;
  const progress = query.data.progress;
  return (
    <section className="panel task-block" aria-labelledby="progress-title">
      <h2 id="progress-title" className="task-block__title">
        {t('progress.title')}
      </h2>
      <p className="task-block__lead">
        {progress.cadence === 'daily'
          ? t('progress.goal_daily', { goal: progress.goal })
          : progress.cadence === 'weekly'
            ? t('progress.goal_weekly', { goal: progress.goal })
            : t('progress.goal_plain', { goal: progress.goal })}
      </p>
      <ProgressSummary progress={progress} />
      {progress.celebrate ? (
        <Suspense fallback={null}>
          <Celebration planet={planet} progress={progress} />
        </Suspense>
      ) : null}
    </section>
  );
}
