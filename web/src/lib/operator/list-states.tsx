import type { ReactNode } from 'react';
import { useTranslation } from '../i18n.ts';
import { EntriesSkeleton } from '../skeleton.tsx';

/** What `ListStates` reads of a query: a TanStack Query result fits. */
export interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
}

/**
 * A dashboard list's states before its items, the same in every section: a skeleton shaped like
 * the items while loading, the load failure, the empty line; `children` draws the loaded data.
 */
export function ListStates<T>({
  query,
  empty,
  isEmpty,
  skeleton = <EntriesSkeleton entries={3} />,
  children,
}: {
  query: ListQuery<T>;
  /** What an empty list says. */
  empty: string;
  isEmpty: (data: T) => boolean;
  skeleton?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError) return <p className="form__error">{t('dashboard.load_failed')}</p>;
  if (query.isPending || query.data === undefined) return <>{skeleton}</>;
  if (isEmpty(query.data)) return <p className="muted">{empty}</p>;
  return <>{children(query.data)}</>;
}

/** What `LoadMore` reads of a paged query: a TanStack infinite query fits. */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The end of a paged list: "Show more" while pages follow (busy while one loads), and the failure
 * of the last one asked for (pressed again, it asks again). Nothing once the list is whole.
 */
export function LoadMore({ query, label }: { query: PagedQuery; label?: string }) {
  const { t } = useTranslation();
  if (!query.hasNextPage) return null;
  return (
    <div className="load-more">
      {query.isFetchNextPageError ? (
        <p className="form__error" role="alert">
          {t('dashboard.load_failed')}
        </p>
      ) : null}
      <button
        type="button"
        className="button button--ghost load-more__button"
        aria-label={label}
        disabled={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? t('dashboard.loading_more') : t('dashboard.load_more')}
      </button>
    </div>
  );
}
