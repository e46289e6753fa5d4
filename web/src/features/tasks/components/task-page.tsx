import { isPlanetId, pickLocalized, type PlanetId, type TaskScreen } from '@gomeum/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useParams } from 'wouter';
import { KeepProgressCard, useKeepProgressAsk } from '../../account/index.ts';
import { useMe } from '../../auth/index.ts';
import { loadPushOffer } from '../../push/index.ts';
import { GomeumCat, PlanetArt, SkyScene } from '../../../lib/illustrations/index.ts';
import { useGomeumLogs } from '../api/list-gomeum-logs.ts';
import { useTaskLogs } from '../api/list-task-logs.ts';
import { useTaskScreen } from '../api/get-task-screen.ts';
import { GomeumLogEntry, TaskLogEntry } from './log-entries.tsx';
import { LoadFailed, PlanetRequired } from './notices.tsx';
import { ProgressBlock } from './progress-block.tsx';
import { hasProofDraft } from './proof-draft.ts';
import { lazyPart } from '../../../lib/lazy-part.tsx';
import './reminder.css';
import { useMarkPlanetSeen, useTimeZoneSync } from '../api/progress.ts';
import { UserTaskBlock } from './user-task-block.tsx';
import './tasks.css';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { HydrationMark } from '../../../lib/hydration.tsx';
import { Photo } from '../../../lib/photo.tsx';
import { whenIdle } from '../../../lib/when-idle.ts';
import { EntriesSkeleton, LinesSkeleton } from '../../../lib/skeleton.tsx';

const PREVIEW_ENTRIES = 3;

/**
 * The question about notifications, asked only once a proof has been sent: its code is fetched
 * while the proof form is open, so it is in by the time it shows.
 */
const PushOffer = lazy(() => loadPushOffer().then((module) => ({ default: module.PushOffer })));

/**
 * The proof form (its fields, photo picker and checks): not part of what the page loads before it
 * paints. "Submit proof" opens it in a transition (a form action), so the button stays until its
 * code is in; the page fetches it once idle, so a press rarely waits.
 */
const loadProofForm = () => import('./proof-form.tsx');
const ProofForm = lazy(() => loadProofForm().then((module) => ({ default: module.ProofForm })));

/**
 * The reminder's panel, last in its column: rendered by the server with the page; in the browser
 * its code is a chunk apart, and its boundary hydrates once that is in (its style sheet comes with
 * the page's, so the rendered panel keeps its look meanwhile).
 */
const { Part: ReminderBlock } = lazyPart(
  () => import('./reminder-block.tsx'),
  (module) => module.ReminderBlock,
);

/** Gomeum's task on this planet, in the reader's language, with the proof and photo Gomeum keeps for it. */
function GomeumTaskBlock({ screen }: { screen: TaskScreen }) {
  const { t, i18n } = useTranslation();
  const task = screen.gomeumTask;
  return (
    <section className="panel task-block task-block--gomeum" aria-labelledby="gomeum-task-title">
      <h2 id="gomeum-task-title" className="task-block__title">
        <GomeumCat pose="sit" size={36} />
        {t('task.gomeum_task')}
      </h2>
      <dl className="task-facts">
        <dt>{t('task.description')}</dt>
        <dd>{pickLocalized(task?.description, i18n.language, t('task.no_description'))}</dd>
        <dt>{t('task.reward')}</dt>
        <dd>{pickLocalized(task?.reward, i18n.language, t('task.no_reward'))}</dd>
        {task && task.proof.trim() !== '' ? (
          <>
            <dt>{t('task.proof')}</dt>
            <dd className="task-facts__note">{task.proof}</dd>
          </>
        ) : null}
      </dl>
      {task?.imageUrl ? <Photo src={task.imageUrl} alt={t('task.gomeum_task_image_alt')} /> : null}
    </section>
  );
}

/** The user's log: Submit opens the proof form; the latest entries; the way to the full log. */
function UserLogBlock({ planet, confirmed }: { planet: PlanetId; confirmed: boolean }) {
  const { t } = useTranslation();
  const logs = useTaskLogs(planet);
  const userId = useMe().data?.id ?? null;
  // A proof left unsent (the session ended, or the page was left) comes back in an open form.
  const [formOpen, setFormOpen] = useState(() => confirmed && hasProofDraft(userId, planet));
  const [notice, setNotice] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const keep = useKeepProgressAsk();
  const items = logs.data?.items ?? [];
  useEffect(() => (confirmed ? whenIdle(() => void loadProofForm(), { after: 1_000 }) : undefined), [confirmed]);
  useEffect(() => {
    if (formOpen) void loadPushOffer();
  }, [formOpen]);

  return (
    <section className="panel task-block" aria-labelledby="user-log-title">
      <div className="task-block__heading">
        <h2 id="user-log-title" className="task-block__title">
          {t('task.user_log')}
        </h2>
        {!formOpen ? (
          // A form whose action opens the proof form: a press before the app's script has arrived
          // is held by React (its form replay) and applied once the app has the page.
          <form
            className="task-block__open"
            action={() => {
              setNotice(null);
              setFormOpen(true);
            }}
          >
            <button type="submit" className="button button--primary" disabled={!confirmed}>
              {t('task.submit')}
            </button>
          </form>
        ) : null}
      </div>
      {!confirmed ? <p className="task-block__lead">{t('task.confirm_first')}</p> : null}
      {formOpen ? (
        <ProofForm
          planet={planet}
          onCancel={() => setFormOpen(false)}
          onDone={() => {
            setFormOpen(false);
            setNotice(t('task.submitted'));
            setSent(true);
            keep.check();
          }}
        />
      ) : null}
      <p className="form__success" role="status">
        {notice}
      </p>
      {keep.ask ? <KeepProgressCard onClose={keep.dismiss} /> : null}
      {/* A proof is the moment the question means something: Gomeum reacts to it. One card at a time. */}
      {sent && !keep.ask && !formOpen ? (
        <Suspense fallback={null}>
          <PushOffer reason="proof" />
        </Suspense>
      ) : null}
      {logs.isPending ? (
        <EntriesSkeleton />
      ) : logs.isError ? (
        <LoadFailed onRetry={() => void logs.refetch()} />
      ) : items.length === 0 ? (
        <p className="empty-hint">{confirmed ? t('task.first_proof') : t('task.describe_first')}</p>
      ) : (
        <div className="log-list">
          {items.slice(0, PREVIEW_ENTRIES).map((log) => (
            <TaskLogEntry key={log.id} log={log} planet={planet} />
          ))}
        </div>
      )}
      <Link className="button button--link" to={`/user-log/${planet}`}>
        {t('task.full_user_log')}
      </Link>
    </section>
  );
}

/** Gomeum's latest log entries on this planet and the way to the full log. */
function GomeumLogBlock({ planet }: { planet: PlanetId }) {
  const { t } = useTranslation();
  const logs = useGomeumLogs(planet);
  const items = logs.data?.items ?? [];
  return (
    <section className="panel task-block" aria-labelledby="gomeum-log-title">
      <h2 id="gomeum-log-title" className="task-block__title">
        {t('task.gomeum_log')}
      </h2>
      {logs.isPending ? (
        <EntriesSkeleton avatar />
      ) : logs.isError ? (
        <LoadFailed onRetry={() => void logs.refetch()} />
      ) : items.length === 0 ? (
        <p className="empty-hint">{t('task.gomeum_log_empty')}</p>
      ) : (
        <div className="log-list">
          {items.slice(0, PREVIEW_ENTRIES).map((log) => (
            <GomeumLogEntry key={log.id} log={log} />
          ))}
        </div>
      )}
      <Link className="button button--link" to={`/gomeum-log/${planet}`}>
        {t('task.full_gomeum_log')}
      </Link>
    </section>
  );
}

function TaskScreenView({ planet }: { planet: PlanetId }) {
  const { t, i18n } = useTranslation();
  const screen = useTaskScreen(planet);
  useTimeZoneSync();
  useMarkPlanetSeen(planet);
  const planetName = t(`planets.${planet}.name`);
  const title = screen.data
    ? pickLocalized(screen.data.definition?.name, i18n.language, t('task.unknown_task'))
    : planetName;
  useDocumentTitle(title);
  return (
    <SkyScene scene={planet}>
      <main className="page task-page" data-planet={planet}>
        <header className="task-page__header">
          <PlanetArt planet={planet} size={72} />
          <div>
            <p className="task-page__eyebrow">
              <Link to={`/planet/${planet}`}>{planetName}</Link>
            </p>
            <h1 className="task-page__title">{title}</h1>
          </div>
        </header>
        {screen.isPending ? (
          <div className="task-grid">
            <div className="task-grid__column">
              <div className="panel task-block">
                <LinesSkeleton lines={4} />
              </div>
            </div>
            <div className="task-grid__column">
              <div className="panel task-block">
                <EntriesSkeleton avatar />
              </div>
            </div>
          </div>
        ) : screen.isError ? (
          <div className="panel">
            <LoadFailed onRetry={() => void screen.refetch()} />
          </div>
        ) : (
          <div className="task-grid">
            {/* The user's side (task, progress, proofs) and Gomeum's side (log, task), with the
                reminder setting last, so the two columns stay about as tall as each other. */}
            {/* Suspense boundaries: on a page the server rendered, each column hydrates apart. */}
            <Suspense fallback={null}>
              <HydrationMark />
              <div className="task-grid__column">
                <UserTaskBlock key={screen.data.userTask?.id ?? 'new'} screen={screen.data} />
                {screen.data.userTask?.confirmed ? <ProgressBlock planet={planet} /> : null}
                <UserLogBlock planet={planet} confirmed={screen.data.userTask?.confirmed === true} />
              </div>
            </Suspense>
            <Suspense fallback={null}>
              <HydrationMark />
              <div className="task-grid__column">
                <GomeumLogBlock planet={planet} />
                <GomeumTaskBlock screen={screen.data} />
                {screen.data.userTask?.confirmed ? (
                  <Suspense fallback={null}>
                    <HydrationMark />
                    <ReminderBlock planet={planet} />
                  </Suspense>
                ) : null}
              </div>
            </Suspense>
          </div>
        )}
      </main>
    </SkyScene>
  );
}

/** `/task/{planetId}`: the user's task, Gomeum's task, the proof form and both logs. */
export function TaskPage() {
  const { planetId = '' } = useParams();
  if (!isPlanetId(planetId)) return <PlanetRequired />;
  return <TaskScreenView planet={planetId} />;
}
