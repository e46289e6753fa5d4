import {
  isErrorCode,
  isLanguage,
  reminderBodySchema,
  WEEKDAYS,
  type PlanetId,
  type Reminder,
  type ReminderBody,
} from '@gomeum/contracts';
import { useEffect, useId, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useEarlySubmit } from '../../../lib/early-submit.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { turnPushOn } from '../../push/index.ts';
import { useSaveReminder } from '../api/reminder.ts';

const DEFAULT_TIME = '20:00';

/** The browser's IANA time zone: reminders are counted in it. */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
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

/**
 * A task's reminder as its form edits it: on or off, days and time (in the browser's time zone),
 * saved on each switch and on submit, with what the save said. A submit or a switch made before
 * the app has the page is done once it has (React holds the submit; the box keeps the switch).
 */
export function useReminderForm(planet: PlanetId, saved: Reminder | null) {
  const { t, i18n } = useTranslation();
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

  // A submit before the app has the page is held by React, then sent as any other (early-submit.ts).
  const [formRef, earlyAction] = useEarlySubmit();
  // Switched before the app had the page (the box kept the press): the app does what it would have.
  const switchRef = useRef<HTMLInputElement>(null);
  const pressedEarly = useRef(false);
  useEffect(() => {
    const input = switchRef.current;
    if (!input || pressedEarly.current || input.checked === enabled) return;
    pressedEarly.current = true;
    void toggle(input.checked);
    // Once, as the page hydrates.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit({ enabled, days, time });
  };
  return {
    form: {
      zone,
      save,
      enabled,
      days,
      setDays,
      time,
      setTime,
      error,
      warning,
      notice,
      ids,
      toggle,
      onSubmit,
      earlyAction,
    },
    formRef,
    switchRef,
  };
}
