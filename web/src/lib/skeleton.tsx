import { useTranslation } from './i18n.ts';
import './skeleton.css';

/**
 * The shape of what is loading instead of a "Loading…" line: log entries (a title, a date line and
 * a few lines of text, with an avatar for Gomeum's), or a panel's lines of text. Announced once to
 * screen readers as loading.
 */
export function EntriesSkeleton({ entries = 2, avatar = false }: { entries?: number; avatar?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="skeleton-list" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: entries }, (_, index) => (
        <div key={index} className="skeleton-entry">
          {avatar ? <span className="skeleton skeleton--avatar" /> : null}
          <div className="skeleton-entry__body">
            <span className="skeleton skeleton--title skeleton--w55" />
            <span className="skeleton skeleton--line skeleton--w30" />
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line skeleton--w80" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A few lines of text about to load. */
export function LinesSkeleton({ lines = 3 }: { lines?: number }) {
  const { t } = useTranslation();
  return (
    <div className="skeleton-lines" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: lines }, (_, index) => (
        <span
          key={index}
          className={index === lines - 1 ? 'skeleton skeleton--line skeleton--w60' : 'skeleton skeleton--line'}
        />
      ))}
    </div>
  );
}

/** A list of rows (a name and a line under it), as the dashboard's user and conversation lists. */
export function RowsSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className="skeleton-list skeleton-list--rows" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="skeleton-row">
          <span className={`skeleton skeleton--line ${index % 2 ? 'skeleton--w45' : 'skeleton--w60'}`} />
          <span className="skeleton skeleton--line skeleton--w85" />
        </div>
      ))}
    </div>
  );
}

/** A form about to be filled in: a label and a field per entry, as the dashboard's editors. */
export function FieldsSkeleton({ fields = 3 }: { fields?: number }) {
  const { t } = useTranslation();
  return (
    <div className="skeleton-list" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: fields }, (_, index) => (
        <div key={index} className="skeleton-lines">
          <span className="skeleton skeleton--line skeleton--w25" />
          <span className="skeleton skeleton--block" />
        </div>
      ))}
    </div>
  );
}
