import {
  isErrorCode,
  isLanguage,
  reminderBodySchema,
  WEEKDAYS,
  type PlanetId,
  type Reminder,
  type ReminderBody,
} from '@gomeum/contracts';
import { useId, useMemo, useState, type SyntheticEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Field } from '../../../lib/field.tsx';
import { turnPushOn } from '../../push/index.ts';
import { useReminder, useSaveReminder } from '../api/reminder.ts';
import { LinesSkeleton } from '../../../lib/skeleton.tsx';
import './reminder.css';

const DEFAULT_TIME = '20:00';

/** The browser's IANA time zone: reminders are counted in it. */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A weekday (1 = Monday) on a fixed Monday-started week, for Intl to name. */
const weekdayDate = (day: number) => new Date(Date.UTC(2026, 0, 4 + day));

/** Weekday names, time and zone in the reader's language, from Intl. */
function useReminderFormat(language: string) {
  return useMemo(() => {
    const short = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
    const clock = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    const list = new Intl.ListFormat(language, { style: 'narrow', type: 'conjunction' });
    return {
      shortDay: (day: number) => short.format(weekdayDate(day)),
      longDay: (day: number) => long.format(weekdayDate(day)),
      time: (time: string) => {
        const [hours = 0, minutes = 0] = time.split(':').map(Number);
        return clock.format(new Date(Date.UTC(2026, 0, 5, hours, minutes)));
      },
      days: (days: readonly number[]) => list.format(days.map((day) => short.format(weekdayDate(day)))),
      when: (at: number, zone: string) =>
        new Intl.DateTimeFormat(language, {
          weekday: 'long',
          month: 'short',
          day: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
          timeZone: zone,
        }).format(new Date(at)),
      zoneName: (zone: string) => {
        try {
          const parts = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'long' }).formatToParts(
            new Date(),
          );
          return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
        } catch {
          return '';
        }
      },
    };
  }, [language]);
}

/**
 * Asks for notification permission at the moment a reminder is turned on (when its value is
 * plain) and keeps this browser's subscription stored; resolves with a warning key, or null.
 */
async function ensurePush(
  language: string,
): Promise<'reminder.push_unsupported' | 'reminder.push_blocked' | 'reminder.push_failed' | null> {
  try {
    // The same switch as the account menu's, so both show what was chosen here.
    const status = await turnPushOn(isLanguage(language) ? language : 'en');
    if (status === 'unsupported') return 'reminder.push_unsupported';
    return status === 'on' ? null : 'reminder.push_blocked';
  } catch (error) {
    console.warn('push subscription failed', error);
    return 'reminder.push_failed';
  }
}

function ReminderForm({ planet, saved }: { planet: PlanetId; saved: Reminder | null }) {
  const { t, i18n } = useTranslation();
  const format = useReminderFormat(i18n.language);
  const zone = useMemo(() => browserTimeZone(), []);
  const save = useSaveReminder(planet);
  const [enabled, setEnabled] = useState(saved?.enabled ?? false);
  const [days, setDays] = useState<number[]>(saved && saved.days.length > 0 ? saved.days : [...WEEKDAYS]);
  const [time, setTime] = useState(saved?.time ?? DEFAULT_TIME);
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const ids = { days: useId(), zone: useId(), error: useId() };

  const store = (body: ReminderBody) => {
    setError(null);
    setNotice(null);
    save.mutate(body, {
      onSuccess: (result) => setNotice(result.reminder?.enabled ? t('reminder.saved') : t('reminder.turned_off')),
      onError: (failure) => {
        const code = failure instanceof ApiError ? failure.code : 'errors.server';
        setError(isErrorCode(code) ? t(code) : t('errors.server'));
      },
    });
  };

  const submit = (next: { enabled: boolean; days: number[]; time: string }) => {
    const parsed = reminderBodySchema.safeParse({
      ...next,
      days: [...next.days].sort((a, b) => a - b),
      timeZone: zone,
    });
    if (!parsed.success) {
      const code = parsed.error.issues[0]?.message;
      setError(code && isErrorCode(code) ? t(code) : t('reminder.error_time'));
      return false;
    }
    store(parsed.data);
    return true;
  };

  const toggle = async (on: boolean) => {
    setEnabled(on);
    setWarning(null);
    if (on && days.length === 0) setDays([...WEEKDAYS]);
    const sent = submit({ enabled: on, days: on && days.length === 0 ? [...WEEKDAYS] : days, time });
    if (on && sent) {
      const problem = await ensurePush(i18n.language);
      if (problem) setWarning(t(problem));
    }
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit({ enabled, days, time });
  };

  const zoneName = format.zoneName(zone);
  const shown = save.data?.reminder ?? saved;
  const summary =
    days.length === 7
      ? t('reminder.summary_every_day', { time: format.time(time) })
      : t('reminder.summary', { days: format.days([...days].sort((a, b) => a - b)), time: format.time(time) });

  return (
    <form className="reminder-form" onSubmit={onSubmit} noValidate>
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          className="switch__input"
          checked={enabled}
          disabled={save.isPending}
          onChange={(event) => void toggle(event.target.checked)}
        />
        <span className="switch__track" aria-hidden="true" />
        <span className="switch__label">{t('reminder.toggle')}</span>
      </label>
      {enabled ? (
        <>
          <fieldset className="reminder-days" aria-describedby={error ? ids.error : undefined}>
            <legend className="field__label">{t('reminder.days_legend')}</legend>
            <div className="reminder-days__list">
              {WEEKDAYS.map((day) => (
                <label key={day} className="day-chip">
                  <input
                    type="checkbox"
                    className="day-chip__input"
                    checked={days.includes(day)}
                    aria-label={format.longDay(day)}
                    onChange={(event) =>
                      setDays((current) =>
                        event.target.checked ? [...current, day] : current.filter((d) => d !== day),
                      )
                    }
                  />
                  <span className="day-chip__text" aria-hidden="true">
                    {format.shortDay(day)}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <Field label={t('reminder.time_label')} className="reminder-time">
            <input
              className="input"
              type="time"
              name="time"
              required
              value={time}
              aria-describedby={ids.zone}
              onChange={(event) => setTime(event.target.value)}
            />
          </Field>
          <p className="reminder-summary">{summary}</p>
          <p id={ids.zone} className="task-block__lead">
            {t('reminder.time_zone', { zone: zoneName ? `${zone} · ${zoneName}` : zone })}
          </p>
          {shown && shown.timeZone !== zone ? (
            <p className="task-block__lead">{t('reminder.zone_changed', { saved: shown.timeZone, zone })}</p>
          ) : null}
          {shown?.enabled && shown.nextAt !== null ? (
            <p className="reminder-next">{t('reminder.next', { when: format.when(shown.nextAt, shown.timeZone) })}</p>
          ) : null}
          <p className="task-block__lead">{t('reminder.hint')}</p>
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {save.isPending ? t('common.please_wait') : t('reminder.save')}
          </button>
        </>
      ) : (
        <p className="task-block__lead">{t('reminder.off')}</p>
      )}
      {warning ? (
        <p className="form__error" role="alert">
          {warning}
        </p>
      ) : null}
      <p id={ids.error} className="form__error" role="alert">
        {error}
      </p>
      <p className="form__success" role="status">
        {notice}
      </p>
    </form>
  );
}

/** The reminder panel of a confirmed task: on/off, days of the week and a time, in the user's zone. */
export function ReminderBlock({ planet }: { planet: PlanetId }) {
  const { t } = useTranslation();
  const query = useReminder(planet);
  return (
    <section className="panel task-block" aria-labelledby="reminder-title">
      <h2 id="reminder-title" className="task-block__title">
        {t('reminder.title')}
      </h2>
      {query.isPending ? (
        <LinesSkeleton lines={3} />
      ) : query.isError ? (
        <p className="form__error">{t('errors.server')}</p>
      ) : (
        <ReminderForm planet={planet} saved={query.data.reminder} />
      )}
    </section>
  );
}
