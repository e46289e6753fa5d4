import { queueItemKey, type OperatorQueueItem } from '@gomeum/contracts';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { localeOf } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { ListStates, LoadMore } from '../../../lib/operator/list-states.tsx';
import { RowsSkeleton } from '../../../lib/skeleton.tsx';
import { useOperatorQueue } from '../api/operator-queue.ts';
import { TranslatedLine } from '../../../lib/operator/translated.tsx';

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

/** Keys that move through the queue's rows: down and up, as arrows or as j and k. */
const MOVES: Record<string, 1 | -1> = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1 };

/** Moves focus to the row before or after the focused one (arrow keys, j and k). */
function moveFocus(event: KeyboardEvent<HTMLOListElement>) {
  const step = MOVES[event.key];
  if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
  const rows = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('.operator-queue__row')];
  const at = rows.findIndex((row) => row === document.activeElement);
  const next = rows[at < 0 ? 0 : Math.min(rows.length - 1, Math.max(0, at + step))];
  if (!next) return;
  event.preventDefault();
  next.focus();
}

/**
 * The one queue: conversations waiting for Gomeum and proofs waiting for a reaction, oldest
 * first, with how long each has waited. Each opens beside it (`onOpen`); the arrow keys or j and k
 * move between the rows, Enter opens one.
 */
export function OperatorQueue({
  onOpen,
  typing,
  current,
}: {
  onOpen: (item: OperatorQueueItem) => void;
  /** Users typing now (shown beside their conversation). */
  typing: ReadonlySet<string>;
  /** The key (`queueItemKey`) of the item open now. */
  current: string | null;
}) {
  const { t, i18n } = useTranslation();
  const queue = useOperatorQueue();
  const now = useNow();
  return (
    <section className="operator-queue" aria-labelledby="queue-title">
      <h2 id="queue-title" className="dashboard-card__title" tabIndex={-1}>
        {t('dashboard.queue_title')}
      </h2>
      <p id="queue-keys" className="visually-hidden">
        {t('dashboard.queue_keys')}
      </p>
      <ListStates
        query={queue}
        empty={t('dashboard.queue_empty')}
        isEmpty={(items) => items.length === 0}
        skeleton={<RowsSkeleton />}
      >
        {(items) => (
          <ol className="operator-queue__list" data-testid="operator-queue" onKeyDown={moveFocus}>
            {items.map((item) => (
              <li key={queueItemKey(item)}>
                <button
                  type="button"
                  className="operator-queue__row"
                  data-queue-key={queueItemKey(item)}
                  aria-current={current === queueItemKey(item) ? 'true' : undefined}
                  aria-describedby="queue-keys"
                  onClick={() => onOpen(item)}
                >
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
                    · <TranslatedLine text={item.preview} />
                  </span>
                </button>
              </li>
            ))}
          </ol>
        )}
      </ListStates>
      <LoadMore query={queue} />
    </section>
  );
}
