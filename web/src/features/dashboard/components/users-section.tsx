import { PLANET_IDS, type OperatorUser, type PlanetId } from '@gomeum/contracts';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useMe } from '../../auth/index.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useGomeumTask } from '../../tasks/operator.ts';
import { useUserVisits } from '../api/get-user-visits.ts';
import { useOperatorUser, useUsers } from '../api/list-users.ts';
import { useUpdateUserTask, useUserTask } from '../api/user-task.ts';
import { DayBarChart } from './charts.tsx';
import { DashboardCard, FormActions, GomeumLogList, PlanetSelect } from '../../../lib/operator/shared.tsx';
import { ListStates, LoadMore } from '../../../lib/operator/list-states.tsx';
import { MasterDetail, useOpenItem } from '../../../lib/operator/master-detail.tsx';
import { EntriesSkeleton, LinesSkeleton, RowsSkeleton } from '../../../lib/skeleton.tsx';
import { UserDataActions } from '../../account/operator.ts';
import './users-section.css';

/** How the operator names a user: their email, or for guests their guest id. */
function userName(user: OperatorUser): string {
  return user.email ?? user.guestId ?? user.id;
}

function ProofEditor({ user, planet, initial }: { user: OperatorUser; planet: PlanetId; initial: string }) {
  const { t } = useTranslation();
  const update = useUpdateUserTask(user.id, planet);
  const [proof, setProof] = useState(initial);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const proofId = useId();
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { proof: proof.trim() },
          {
            onSuccess: () => setNotice({ ok: true, text: t('dashboard.task_updated') }),
            onError: () => setNotice({ ok: false, text: t('dashboard.save_failed') }),
          },
        );
      }}
    >
      <label className="field" htmlFor={proofId}>
        <span className="field__label">{t('dashboard.proof')}</span>
      </label>
      <textarea
        id={proofId}
        className="input textarea"
        rows={3}
        value={proof}
        onChange={(e) => setProof(e.target.value)}
      />
      <FormActions label={t('dashboard.update_task')} pending={update.isPending} notice={notice} />
    </form>
  );
}

function UserTaskPanel({ user, planet }: { user: OperatorUser; planet: PlanetId }) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const task = useUserTask(user.id, planet);
  const gomeum = useGomeumTask(planet);
  const current = task.data?.userTask;

  if (task.isPending) return <EntriesSkeleton entries={2} />;
  if (task.isError) return <p className="form__error">{t('dashboard.load_failed')}</p>;

  return (
    <div className="user-task">
      {current ? (
        <dl className="task-facts">
          <dt>{t('task.description')}</dt>
          <dd>{current.description || '—'}</dd>
          <dt>{t('task.reward')}</dt>
          <dd>{current.reward || '—'}</dd>
          <dt>{t('dashboard.status')}</dt>
          <dd>{current.status === 'completed' ? t('task.status_completed') : t('dashboard.status_open')}</dd>
          {current.imageUrl ? (
            <>
              <dt>{t('dashboard.image')}</dt>
              <dd>
                <img className="user-task__image" src={current.imageUrl} alt={t('dashboard.proof_image_alt')} />
              </dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="muted">{t('dashboard.no_task')}</p>
      )}
      {/* A proof belongs to a task: no box to write one where the user has set none. */}
      {current ? (
        <ProofEditor key={`${user.id}-${planet}`} user={user} planet={planet} initial={current.proof} />
      ) : null}
      <h3 className="dashboard-card__subtitle">{t('dashboard.task_logs')}</h3>
      {task.data.logs.length === 0 ? (
        <p className="muted">{t('task.log_empty')}</p>
      ) : (
        <ul className="plain-list">
          {task.data.logs.map((log) => (
            <li key={log.id} className="log-row">
              <strong>{log.title}</strong>{' '}
              <span className="muted">
                · {log.date} · {formatDateTime(log.createdAt, i18n.language)}
              </span>
              <p className="log-row__content">{log.content}</p>
              {log.imageUrl ? (
                <img
                  className="user-task__image"
                  src={log.imageUrl}
                  alt={t('task.proof_image_alt', { title: log.title })}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {me.data?.id === user.id ? (
        <>
          <h3 className="dashboard-card__subtitle">{t('task.gomeum_log')}</h3>
          <GomeumLogList logs={gomeum.data?.logs ?? []} />
        </>
      ) : null}
    </div>
  );
}

function UserDetail({ user, onDeleted }: { user: OperatorUser; onDeleted: () => void }) {
  const { t, i18n } = useTranslation();
  const visits = useUserVisits(user.id, 30);
  const [planet, setPlanet] = useState<PlanetId>('music');
  return (
    <div className="user-detail">
      <section className="panel dashboard-card">
        <h2 className="dashboard-card__title">{userName(user)}</h2>
        <dl className="task-facts">
          <dt>{t('dashboard.created')}</dt>
          <dd>{formatDateTime(user.createdAt, i18n.language)}</dd>
          <dt>{t('dashboard.last_login')}</dt>
          <dd>{user.lastLoginAt ? formatDateTime(user.lastLoginAt, i18n.language) : '—'}</dd>
          <dt>{t('dashboard.last_ip')}</dt>
          <dd>{user.lastIp ?? '—'}</dd>
        </dl>
        <UserDataActions
          userId={user.id}
          name={userName(user)}
          isGuest={user.isGuest}
          isOperator={user.role === 'operator'}
          onDeleted={onDeleted}
        />
      </section>
      <section className="panel dashboard-card">
        <h2 className="dashboard-card__title">{t('dashboard.page_visits')}</h2>
        {visits.isPending ? (
          <LinesSkeleton lines={5} />
        ) : visits.isError ? (
          <p className="form__error">{t('dashboard.load_failed')}</p>
        ) : (
          <>
            <DayBarChart data={visits.data.perDay} label={t('dashboard.visits_last_days', { days: 30 })} />
            {visits.data.items.length === 0 ? (
              <p className="muted">{t('dashboard.no_visits')}</p>
            ) : (
              <div className="table-scroll">
                <table className="data-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('dashboard.page')}</th>
                      <th scope="col">IP</th>
                      <th scope="col">{t('dashboard.city')}</th>
                      <th scope="col">{t('dashboard.country')}</th>
                      <th scope="col">{t('dashboard.time')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {visits.data.items.map((visit, index) => (
                      <tr key={`${visit.at}-${index}`}>
                        <td className="data-table__page">{visit.page}</td>
                        <td>{visit.ip ?? '—'}</td>
                        <td>{visit.city ?? '—'}</td>
                        <td>{visit.country ?? '—'}</td>
                        <td>{formatDateTime(visit.at, i18n.language)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </section>
      <section className="panel dashboard-card">
        <div className="dashboard-card__heading">
          <h2 className="dashboard-card__title">{t('dashboard.tasks')}</h2>
          <PlanetSelect value={planet} onChange={setPlanet} planets={PLANET_IDS} />
        </div>
        <UserTaskPanel user={user} planet={planet} />
      </section>
    </div>
  );
}

/** Section 1: find a user; their logins, visits, tasks and logs. */
export function UsersSection() {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  // The user open is in the address (`&user=`): back, forward, reload and a shared link keep it.
  const { selected: selectedId, open, close } = useOpenItem('user');
  const users = useUsers(search);
  const listed = users.data?.items.find((user) => user.id === selectedId);
  // Not on the page of the list shown (a reload, a link): read on its own.
  const fetched = useOperatorUser(selectedId, !listed && !users.isPending);
  const selected = listed ?? fetched.data ?? null;
  const gone = fetched.error instanceof ApiError && fetched.error.status === 404;
  const total = users.data?.total ?? null;

  return (
    <MasterDetail open={selectedId !== null} backLabel={t('dashboard.back_to_users')} onBack={() => close()}>
      <DashboardCard id="users-title" title={t('dashboard.users')} className="users-list">
        <form
          role="search"
          className="search-row"
          onSubmit={(event) => {
            event.preventDefault();
            setSearch(query.trim());
          }}
        >
          <label className="visually-hidden" htmlFor="user-search">
            {t('dashboard.search_label')}
          </label>
          <input
            id="user-search"
            className="input"
            type="search"
            aria-describedby="user-search-hint"
            placeholder={t('dashboard.search_placeholder')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <button className="button button--ghost" type="submit">
            {t('dashboard.search')}
          </button>
        </form>
        <p id="user-search-hint" className="muted search-hint">
          {t('dashboard.search_hint')}
        </p>
        {total !== null && !search ? (
          <p className="muted list-note">{t('dashboard.users_total', { count: total })}</p>
        ) : null}
        <ListStates
          query={users}
          empty={t('dashboard.no_users')}
          isEmpty={(list) => list.items.length === 0}
          skeleton={<RowsSkeleton />}
        >
          {(list) => (
            <ul className="user-rows">
              {list.items.map((user) => (
                <li key={user.id}>
                  <button
                    type="button"
                    className="user-row"
                    aria-pressed={selectedId === user.id}
                    onClick={() => open(user.id)}
                  >
                    <span className="user-row__name">
                      <span className="user-row__who">{userName(user)}</span>
                      {user.role === 'operator' ? <span className="badge badge--done">Gomeum</span> : null}
                      {user.isGuest ? <span className="badge badge--guest">{t('dashboard.guest')}</span> : null}
                    </span>
                    <span className="user-row__meta">
                      {t('dashboard.created')}: {formatDateTime(user.createdAt, i18n.language)} ·{' '}
                      {t('dashboard.last_login')}:{' '}
                      {user.lastLoginAt ? formatDateTime(user.lastLoginAt, i18n.language) : '—'} · {user.lastIp ?? '—'}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </ListStates>
        <LoadMore query={users} />
      </DashboardCard>
      {selected ? (
        <UserDetail
          key={selected.id}
          user={selected}
          onDeleted={() => {
            close({ replace: true });
            // The detail is gone: the search field is where the operator goes on from.
            document.getElementById('user-search')?.focus();
          }}
        />
      ) : selectedId === null ? (
        <p className="panel muted">{t('dashboard.choose_user')}</p>
      ) : fetched.isError ? (
        <p className={gone ? 'panel muted' : 'panel form__error'}>
          {t(gone ? 'dashboard.user_not_found' : 'dashboard.load_failed')}
        </p>
      ) : (
        <div className="panel">
          <EntriesSkeleton entries={2} />
        </div>
      )}
    </MasterDetail>
  );
}
