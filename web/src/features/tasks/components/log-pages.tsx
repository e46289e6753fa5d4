import { isPlanetId, type PlanetId } from '@gomeum/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useParams, useSearchParams } from 'wouter';
import { PlanetArt, SkyScene } from '../../../lib/illustrations/index.ts';
import { useGomeumLogs } from '../api/list-gomeum-logs.ts';
import { useTaskLogs } from '../api/list-task-logs.ts';
import { GomeumLogEntry, TaskLogEntry } from './log-entries.tsx';
import { LoadFailed, PlanetRequired } from './notices.tsx';
import './tasks.css';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { EntriesSkeleton } from '../../../lib/skeleton.tsx';

function LogPageFrame({ planet, title, children }: { planet: PlanetId; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <SkyScene scene={planet}>
      <main className="page log-page" data-planet={planet}>
        <header className="task-page__header">
          <PlanetArt planet={planet} size={64} />
          <div>
            <p className="task-page__eyebrow">
              <Link to={`/task/${planet}`}>{t('task.back_to_task')}</Link>
            </p>
            <h1 className="task-page__title">{title}</h1>
          </div>
        </header>
        <section className="panel log-page__panel">{children}</section>
      </main>
    </SkyScene>
  );
}

function UserLogList({ planet }: { planet: PlanetId }) {
  const { t } = useTranslation();
  const logs = useTaskLogs(planet);
  if (logs.isPending) return <EntriesSkeleton entries={3} />;
  if (logs.isError) return <LoadFailed onRetry={() => void logs.refetch()} />;
  if (logs.data.items.length === 0) return <p className="empty-hint">{t('task.log_empty')}</p>;
  return (
    <div className="log-list">
      {logs.data.items.map((log) => (
        <TaskLogEntry key={log.id} log={log} planet={planet} headingLevel={2} />
      ))}
    </div>
  );
}

function GomeumLogList({ planet }: { planet: PlanetId }) {
  const { t } = useTranslation();
  const logs = useGomeumLogs(planet);
  if (logs.isPending) return <EntriesSkeleton entries={3} avatar />;
  if (logs.isError) return <LoadFailed onRetry={() => void logs.refetch()} />;
  if (logs.data.items.length === 0) return <p className="empty-hint">{t('task.gomeum_log_empty')}</p>;
  return (
    <div className="log-list">
      {logs.data.items.map((log) => (
        <GomeumLogEntry key={log.id} log={log} />
      ))}
    </div>
  );
}

/** `/user-log/{planet}` or `/user-log?planetId=`: every proof the user sent on a planet. */
export function UserLogPage() {
  const { t } = useTranslation();
  const { taskId } = useParams();
  const [params] = useSearchParams();
  const planet = taskId ?? params.get('planetId') ?? '';
  if (!isPlanetId(planet)) return <PlanetRequired />;
  return (
    <LogPageFrame planet={planet} title={t('task.user_log_title', { planet: t(`planets.${planet}.name`) })}>
      <UserLogList planet={planet} />
    </LogPageFrame>
  );
}

/** `/gomeum-log/{planet}`: everything Gomeum wrote on a planet. */
export function GomeumLogPage() {
  const { t } = useTranslation();
  const { planetId = '' } = useParams();
  if (!isPlanetId(planetId)) return <PlanetRequired />;
  return (
    <LogPageFrame planet={planetId} title={t('task.gomeum_log_title', { planet: t(`planets.${planetId}.name`) })}>
      <GomeumLogList planet={planetId} />
    </LogPageFrame>
  );
}
