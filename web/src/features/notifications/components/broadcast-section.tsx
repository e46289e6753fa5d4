import {
  broadcastIn,
  firstWrittenLanguage,
  LANGUAGES,
  NOTIFICATION_MESSAGE_MAX_LENGTH,
  NOTIFICATION_TITLE_MAX_LENGTH,
  type Language,
  type PushDelivery,
} from '@gomeum/contracts';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { DashboardCard, FormActions, type Notice } from '../../../lib/operator/shared.tsx';
import {
  DraftedMark,
  hasUncheckedDrafts,
  OtherLanguagesButton,
  useOtherLanguages,
  useWritingOrder,
  type InLanguages,
  type OtherLanguages,
} from '../../../lib/operator/other-languages.tsx';
import { ListStates } from '../../../lib/operator/list-states.tsx';
import { ShareLink } from '../../../lib/operator/share-link.tsx';
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

const blank = (): InLanguages => ({ en: '', zh: '', ko: '' });

/**
 * A new broadcast: a title and message in one language or more (one written, the other two drafted
 * on asking and marked until checked). Each reader gets their language's, else the English ones.
 */
function BroadcastForm() {
  const { t } = useTranslation();
  const send = useSendBroadcast();
  const [titles, setTitles] = useState(blank);
  const [messages, setMessages] = useState(blank);
  const otherTitles = useOtherLanguages(titles, setTitles);
  const otherMessages = useOtherLanguages(messages, setMessages);
  const order = useWritingOrder();
  const [notice, setNotice] = useState<Notice | null>(null);
  const written = LANGUAGES.filter((lang) => titles[lang].trim() !== '' && messages[lang].trim() !== '');
  const halfWritten = LANGUAGES.some((lang) => (titles[lang].trim() === '') !== (messages[lang].trim() === ''));
  const own = firstWrittenLanguage(Object.fromEntries(written.map((lang) => [lang, true])));
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!own) return;
    if (halfWritten || hasUncheckedDrafts(otherTitles, otherMessages)) {
      const why = halfWritten ? 'dashboard.broadcast_half_written' : 'dashboard.drafts_unchecked';
      setNotice({ ok: false, text: t(why) });
      return;
    }
    const words = (lang: Language) => ({ title: titles[lang].trim(), message: messages[lang].trim() });
    const languages = Object.fromEntries(written.map((lang) => [lang, words(lang)]));
    send.mutate(written.length > 1 ? { ...words(own), languages } : words(own), {
      onSuccess: () => {
        setTitles(blank());
        setMessages(blank());
        setNotice({ ok: true, text: t('dashboard.broadcast_sent') });
      },
      onError: () => setNotice({ ok: false, text: t('dashboard.save_failed') }),
    });
  };
  const edit =
    (lang: Language, [values, setValues, other]: [InLanguages, (next: InLanguages) => void, OtherLanguages]) =>
    (value: string) => {
      other.checked(lang);
      setValues({ ...values, [lang]: value });
    };
  return (
    <form className="form" onSubmit={onSubmit}>
      <div className="lang-grid">
        {order.map((lang) => (
          <fieldset key={lang} className="lang-grid__column">
            <legend>{t(`language.names.${lang}`)}</legend>
            <Field label={t('dashboard.broadcast_title')}>
              <input
                className="input"
                value={titles[lang]}
                maxLength={NOTIFICATION_TITLE_MAX_LENGTH}
                onChange={(event) => edit(lang, [titles, setTitles, otherTitles])(event.target.value)}
              />
            </Field>
            <DraftedMark other={otherTitles} lang={lang} />
            <Field label={t('dashboard.broadcast_message')}>
              <textarea
                className="input textarea"
                rows={3}
                maxLength={NOTIFICATION_MESSAGE_MAX_LENGTH}
                value={messages[lang]}
                onChange={(event) => edit(lang, [messages, setMessages, otherMessages])(event.target.value)}
              />
            </Field>
            <DraftedMark other={otherMessages} lang={lang} />
          </fieldset>
        ))}
      </div>
      <OtherLanguagesButton other={[otherTitles, otherMessages]} />
      <FormActions label={t('dashboard.send_to_all')} pending={!own || send.isPending} notice={notice} />
    </form>
  );
}

/** Section 5: a broadcast to every user (live and by push) and the ones sent before. */
export function BroadcastSection() {
  const { t, i18n } = useTranslation();
  const history = useBroadcastHistory();
  return (
    <div className="dashboard-grid">
      <DashboardCard id="broadcast-title" title={t('dashboard.broadcast')} wide>
        <BroadcastForm />
      </DashboardCard>
      <DashboardCard id="broadcast-history" title={t('dashboard.history')}>
        <p className="muted">{t('dashboard.share_link_hint')}</p>
        <ListStates query={history} empty={t('dashboard.nothing_yet')} isEmpty={(items) => items.length === 0}>
          {(items) => (
            <ul className="plain-list">
              {items.map((item) => {
                const words = broadcastIn(item, i18n.language);
                return (
                  <li key={item.id} className="log-row">
                    <strong>{words.title}</strong>{' '}
                    <span className="muted">· {formatDateTime(item.createdAt, i18n.language)}</span>
                    <p className="log-row__content">{words.message}</p>
                    <DeliveryLine push={item.push} />
                    <ShareLink label={t('dashboard.share_link')} path={words.popupPath} />
                  </li>
                );
              })}
            </ul>
          )}
        </ListStates>
      </DashboardCard>
    </div>
  );
}
