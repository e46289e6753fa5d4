import { WEEKDAYS, type PlanetId, type Reminder } from '@gomeum/contracts';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Field } from '../../../lib/field.tsx';
import { useReminder } from '../api/reminder.ts';
import { LinesSkeleton } from '../../../lib/skeleton.tsx';
import { useReminderForm } from './use-reminder-form.ts';
import './reminder.css';

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

function ReminderForm({ planet, saved }: { planet: PlanetId; saved: Reminder | null }) {
  const { t, i18n } = useTranslation();
  const format = useReminderFormat(i18n.language);
  const { form, formRef, switchRef } = useReminderForm(planet, saved);
  const { zone, save, enabled, days, setDays, time, setTime, error, warning, notice, ids } = form;
  const zoneName = format.zoneName(zone);
  const shown = save.data?.reminder ?? saved;
  const summary =
    days.length === 7
      ? t('reminder.summary_every_day', { time: format.time(time) })
      : t('reminder.summary', { days: format.days([...days].sort((a, b) => a - b)), time: format.time(time) });

  return (
    <form ref={formRef} className="reminder-form" action={form.earlyAction} onSubmit={form.onSubmit} noValidate>
      <label className="switch">
        <input
          ref={switchRef}
          type="checkbox"
          role="switch"
          className="switch__input"
          checked={enabled}
          disabled={save.isPending}
          onChange={(event) => void form.toggle(event.target.checked)}
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
