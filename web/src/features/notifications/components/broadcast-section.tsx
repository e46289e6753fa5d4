import type { PushDelivery } from '@gomeum/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { DashboardCard, FormActions } from '../../../lib/operator/shared.tsx';
import { ListStates } from '../../../lib/operator/list-states.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useBroadcastHistory, useSendBroadcast } from '../api/broadcasts.ts';
import { Field } from '../../../lib/field.tsx';
import './broadcast-section.css';

/** One broadcast's push delivery: under way, its tally, or cut short. */
function DeliveryLine({ push }: { push: PushDelivery }) {
  const { t } = useTranslation();
  if (push.state === 'sending') {
    return <p className="delivery muted">{t('dashboard.push_sending')}</p>;
  }
  if (push.state === 'unfinished') {
    return <p className="delivery delivery--failed">{t('dashboard.push_unfinished')}</p>;
  }
  return (
    <p className={`delivery${push.failed > 0 ? ' delivery--failed' : ''}`}>
      {t('dashboard.push_done', { delivered: push.delivered, failed: push.failed })}
    </p>
  );
}

/** Section 5: a broadcast to every user (live and by push) and the ones sent before. */
export function BroadcastSection() {
  const { t, i18n } = useTranslation();
  const history = useBroadcastHistory();
  const send = useSendBroadcast();
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const ready = title.trim() !== '' && message.trim() !== '';
  return (
    <div className="dashboard-grid">
      <DashboardCard id="broadcast-title" title={t('dashboard.broadcast')}>
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!ready) return;
            send.mutate(
              { title: title.trim(), message: message.trim() },
              {
                onSuccess: () => {
                  setTitle('');
                  setMessage('');
                  setNotice({ ok: true, text: t('dashboard.broadcast_sent') });
                },
                onError: () => setNotice({ ok: false, text: t('dashboard.save_failed') }),
              },
            );
          }}
        >
          <Field label={t('dashboard.broadcast_title')}>
            <input className="input" value={title} maxLength={120} onChange={(event) => setTitle(event.target.value)} />
          </Field>
          <Field label={t('dashboard.broadcast_message')}>
            <textarea
              className="input textarea"
              rows={3}
              maxLength={1000}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          </Field>
          <FormActions label={t('dashboard.send_to_all')} pending={!ready || send.isPending} notice={notice} />
        </form>
      </DashboardCard>
      <DashboardCard id="broadcast-history" title={t('dashboard.history')}>
        <ListStates query={history} empty={t('dashboard.nothing_yet')} isEmpty={(items) => items.length === 0}>
          {(items) => (
            <ul className="plain-list">
              {items.map((item) => (
                <li key={item.id} className="log-row">
                  <strong>{item.title}</strong>{' '}
                  <span className="muted">· {formatDateTime(item.createdAt, i18n.language)}</span>
                  <p className="log-row__content">{item.message}</p>
                  <DeliveryLine push={item.push} />
                </li>
              ))}
            </ul>
          )}
        </ListStates>
      </DashboardCard>
    </div>
  );
}
