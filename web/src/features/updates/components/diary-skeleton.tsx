import { useTranslation } from '../../../lib/i18n.ts';

/** A list of entries about to load: the shape of what is coming, not a "Loading…" line. */
export function DiarySkeleton() {
  const { t } = useTranslation();
  return (
    <div className="diary__skeleton" role="status" aria-label={t('common.loading')}>
      {[0, 1].map((i) => (
        <div key={i} className="diary__skeleton-entry">
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line skeleton--w30" />
          <span className="skeleton skeleton--block" />
        </div>
      ))}
    </div>
  );
}
