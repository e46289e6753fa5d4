import type { OperatorQueueItem } from '@gomeum/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { localeOf } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { ListStates } from '../../../lib/operator/list-states.tsx';
import { RowsSkeleton } from '../../../lib/skeleton.tsx';
import { useOperatorQueue } from '../api/operator-queue.ts';

const MINUTE = 60_000;

/** How long something has waited, short, in the reader's language ("5 min", "2 hr", "3 days"). */
function waited(ms: number, language: string): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  const [value, unit] =
    minutes < 60
      ? [minutes, 'minute']
      : minutes < 48 * 60
        ? [Math.floor(minutes / 60), 'hour']
        : [Math.floor(minutes / (24 * 60)), 'day'];
  return new Intl.NumberFormat(localeOf(language), { style: 'unit', unit, unitDisplay: 'short' }).format(value);
}

/** The time now, moving on every half minute (how long each item has waited, live). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE / 2);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The one queue: conversations waiting for Gomeum and proofs waiting for a reaction, oldest
 * first, with how long each has waited. A conversation opens beside it; a proof opens the proofs.
 */
export function OperatorQueue({
  onOpenConversation,
  typing,
}: {
  onOpenConversation: (userId: string) => void;
  /** Users typing now (shown beside their conversation). */
  typing: ReadonlySet<string>;
}) {
  const { t, i18n } = useTranslation();
  const queue = useOperatorQueue();
  const now = useNow();
  const [, setParams] = useSearchParams();
  const open = (item: OperatorQueueItem) => {
    if (item.kind === 'chat') onOpenConversation(item.userId);
    else setParams({ section: 'proofs' });
  };
  return (
    <section className="operator-queue" aria-labelledby="queue-title">
      <h2 id="queue-title" className="dashboard-card__title">
        {t('dashboard.queue_title')}
      </h2>
      <ListStates
        query={queue}
        empty={t('dashboard.queue_empty')}
        isEmpty={(items) => items.length === 0}
        skeleton={<RowsSkeleton />}
      >
        {(items) => (
          <ol className="operator-queue__list" data-testid="operator-queue">
            {items.map((item) => (
              <li key={item.kind === 'chat' ? `chat:${item.userId}` : `proof:${item.logId}`}>
                <button type="button" className="operator-queue__row" onClick={() => open(item)}>
                  <span className="operator-queue__name">
                    <span className={`badge operator-queue__kind operator-queue__kind--${item.kind}`}>
                      {t(item.kind === 'chat' ? 'dashboard.queue_chat' : 'dashboard.queue_proof')}
                    </span>
                    {item.name}
                    {item.kind === 'chat' && typing.has(item.userId) ? (
                      <span className="badge badge--typing">{t('dashboard.user_typing')}</span>
                    ) : null}
                  </span>
                  <span className="operator-queue__meta">
                    {now - item.since < MINUTE
                      ? t('dashboard.queue_just_now')
                      : t('dashboard.queue_waited', { time: waited(now - item.since, i18n.language) })}{' '}
                    · {item.preview.slice(0, 80)}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        )}
      </ListStates>
    </section>
  );
}
