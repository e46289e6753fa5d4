import type { Language, PlanetId, PushMessage, Reminder, ReminderBody } from '@gomeum/contracts';
import { WEB_ROUTES } from '@gomeum/contracts';
import { REMINDER_MESSAGES } from '../../content/reminder-messages.ts';
import { AppError } from '../../lib/errors.ts';
import type { PushSender } from '../../lib/push-sender.ts';
import { isTimeZone, periodOf } from '../../lib/zoned-time.ts';
import { daysToMask, maskToDays, minuteToTime, nextFireAt, timeToMinute } from './reminder-schedule.ts';
import type { ReminderRow, ReminderTask, RemindersRepository } from './reminders.repository.ts';

/** A reminder found more than this late (the server was down) is skipped, not sent. */
export const LATE_LIMIT_MS = 60 * 60_000;
const BATCH = 200;
const TASK_NAME_MAX = 60;

/** What one pass over the due reminders did. */
export interface ReminderRun {
  sent: number;
  /** Won but not sent: too late, task done for the period or completed, or no task. */
  skipped: number;
}

function toReminder(row: ReminderRow): Reminder {
  return {
    enabled: row.enabled === 1,
    days: maskToDays(row.days),
    time: minuteToTime(row.minute),
    timeZone: row.time_zone,
    nextAt: row.enabled === 1 ? row.next_fire_at : null,
  };
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole));
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length > TASK_NAME_MAX ? `${chars.slice(0, TASK_NAME_MAX - 1).join('')}…` : flat;
}

/** The push of a reminder in one language: names the task and the progress, opens the task screen. */
export function reminderMessage(planet: PlanetId, task: ReminderTask, locale: Language): PushMessage {
  const text = REMINDER_MESSAGES[locale];
  const values = { task: shorten(task.description), count: Math.min(task.count, task.goal), goal: task.goal };
  return {
    kind: 'reminder',
    title: fill(text.title, values),
    body: fill(text.body[task.cadence ?? 'plain'], values),
    url: WEB_ROUTES.task.replace(':planetId', planet),
    tag: `reminder-${planet}`,
  };
}

/**
 * Task reminders: each user's days and time per task, in their time zone, and the pass that
 * sends the due ones. Every instance may run the pass at once: a reminder is sent by the one
 * instance whose claim moves its fire time on (see `RemindersRepository.claim`).
 */
export class RemindersService {
  constructor(
    private readonly repo: RemindersRepository,
    private readonly push: PushSender,
    private readonly now: () => number,
  ) {}

  /** The user's reminder for a planet's task, or null when none was ever set. */
  async get(userId: string, planet: PlanetId): Promise<Reminder | null> {
    const row = await this.repo.get(userId, planet);
    return row ? toReminder(row) : null;
  }

  /** Sets (or turns off) the reminder of a confirmed task; its next fire time is computed now. */
  async set(userId: string, planet: PlanetId, body: ReminderBody): Promise<Reminder> {
    if (!isTimeZone(body.timeZone)) throw new AppError('progress.error_time_zone');
    const task = await this.repo.task(userId, planet);
    if (!task?.confirmed) throw new AppError('task.error_not_confirmed');
    const now = this.now();
    const days = daysToMask(body.days);
    const minute = timeToMinute(body.time);
    const row: ReminderRow = {
      user_id: userId,
      planet,
      enabled: body.enabled ? 1 : 0,
      days,
      minute,
      time_zone: body.timeZone,
      next_fire_at: body.enabled ? nextFireAt(now, days, minute, body.timeZone) : null,
      last_fired_at: (await this.repo.get(userId, planet))?.last_fired_at ?? null,
      updated_at: now,
    };
    await this.repo.upsert(row);
    return toReminder(row);
  }

  /** Sends every reminder due now that this instance wins; the periodic job calls it. */
  async runDue(): Promise<ReminderRun> {
    const run: ReminderRun = { sent: 0, skipped: 0 };
    const now = this.now();
    for (let pass = 0; pass < 50; pass += 1) {
      const due = await this.repo.listDue(now, BATCH);
      for (const row of due) {
        const outcome = await this.fire(row, now);
        if (outcome === 'sent') run.sent += 1;
        else if (outcome === 'skipped') run.skipped += 1;
      }
      if (due.length < BATCH) break;
    }
    return run;
  }

  private async fire(row: ReminderRow, now: number): Promise<'sent' | 'skipped' | 'lost'> {
    if (row.next_fire_at === null) return 'lost';
    const next = nextFireAt(now, row.days, row.minute, row.time_zone);
    if (!(await this.repo.claim(row.user_id, row.planet, row.next_fire_at, next, now))) return 'lost';
    // The latest time it was due: within the last hour it is sent (late), otherwise skipped.
    const due = nextFireAt(now - LATE_LIMIT_MS, row.days, row.minute, row.time_zone);
    if (due === null || due > now) return 'skipped';
    const task = await this.repo.task(row.user_id, row.planet);
    if (!task?.confirmed || task.completed) return 'skipped';
    const cadence = task.cadence ?? 'daily';
    if (
      task.latestProofAt !== null &&
      periodOf(task.latestProofAt, row.time_zone, cadence) === periodOf(due, row.time_zone, cadence)
    ) {
      return 'skipped';
    }
    const planet = row.planet as PlanetId;
    this.push.sendToUser(row.user_id, (locale) => reminderMessage(planet, task, locale));
    return 'sent';
  }
}
