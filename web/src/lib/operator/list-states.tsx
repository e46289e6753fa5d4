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
