import type { GomeumLog, PlanetId } from '@gomeum/contracts';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../i18n.ts';
import { formatDateTime } from '../format.ts';
import './shared.css';

/** A labelled planet picker. */
export function PlanetSelect({
  value,
  onChange,
  planets,
}: {
  value: PlanetId;
  onChange: (planet: PlanetId) => void;
  planets: readonly PlanetId[];
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <span className="planet-select">
      <label htmlFor={id}>{t('dashboard.planet')}</label>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(event) => {
          const next = planets.find((p) => p === event.target.value);
          if (next) onChange(next);
        }}
      >
        {planets.map((planet) => (
          <option key={planet} value={planet}>
            {t(`planets.${planet}.name`)}
          </option>
        ))}
      </select>
    </span>
  );
}

/** The photos of one Gomeum log entry, if it has any. */
export function GomeumLogImages({ urls }: { urls: string[] }) {
  const { t } = useTranslation();
  if (urls.length === 0) return null;
  return (
    <div className="log-row__images">
      {urls.map((url, index) => (
        <img key={url} className="user-task__image" src={url} alt={t('task.gomeum_image_alt', { number: index + 1 })} />
      ))}
    </div>
  );
}

/** Gomeum's log entries, newest first, compact. */
export function GomeumLogList({ logs }: { logs: GomeumLog[] }) {
  const { t, i18n } = useTranslation();
  if (logs.length === 0) return <p className="muted">{t('task.gomeum_log_empty')}</p>;
  return (
    <ul className="plain-list">
      {logs.map((log) => (
        <li key={log.id} className="log-row">
          <span className="muted">{formatDateTime(log.createdAt, i18n.language)}</span>
          <p className="log-row__content">{log.content}</p>
          <GomeumLogImages urls={log.imageUrls} />
        </li>
      ))}
    </ul>
  );
}

/** A titled panel of a dashboard section; its heading (`id`) names the region. */
export function DashboardCard({
  id,
  title,
  wide = false,
  className,
  children,
}: {
  id: string;
  title: string;
  /** Across the whole grid. */
  wide?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const classes = ['panel', 'dashboard-card', wide ? 'dashboard-card--wide' : '', className ?? ''].filter(Boolean);
  return (
    <section className={classes.join(' ')} aria-labelledby={id}>
      <h2 id={id} className="dashboard-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The outcome of a dashboard action, shown beside its button. */
export interface Notice {
  ok: boolean;
  text: string;
}

/** A form's submit button with its notice beside it (announced to screen readers). */
export function FormActions({
  label,
  pending,
  notice,
  children,
}: {
  label: string;
  pending: boolean;
  notice: Notice | null;
  children?: ReactNode;
}) {
  return (
    <div className="form__actions">
      <button className="button button--primary" type="submit" disabled={pending}>
        {label}
      </button>
      {children}
      <span className={notice?.ok ? 'form__success' : 'form__error'} role="status">
        {notice?.text}
      </span>
    </div>
  );
}
