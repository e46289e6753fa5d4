import type { Language, PushMessage } from '@gomeum/contracts';
import { dashboardLink, OPERATOR_ALERT_QUIET_MS } from '@gomeum/contracts';
import { OPERATOR_ALERT_TITLE } from '../../content/operator-alerts.ts';
import type { OperatorAlertHooks } from '../../lib/operator-alert-hooks.ts';
import type { UsersService } from '../auth/index.ts';
import type { PresenceService } from '../companion/index.ts';
import type { PushService } from '../push/index.ts';
import type { AlertTopic, OperatorAlertsRepository } from './operator-alerts.repository.ts';

/**
 * How one alert was decided: `sent` (a device accepted it), `dashboard_open` (none while a
 * dashboard is open), `quiet` (this conversation was alerted less than the quiet period ago and
 * not answered since), `no_device` (no device of the operator takes alerts), `failed` (every push
 * service refused), `operator` (the operator's own messages alert no one).
 */
export type AlertOutcome = 'sent' | 'dashboard_open' | 'quiet' | 'no_device' | 'failed' | 'operator';

/** What the operator's alerts need. */
export interface OperatorAlertsDeps {
  repo: OperatorAlertsRepository;
  /** Whether a dashboard is open on any instance (the companion's presence). */
  presence: Pick<PresenceService, 'dashboardOpen'>;
  /** Who the operators are, and who a user is (their name in the alert). */
  users: Pick<UsersService, 'operatorIds' | 'summaries'>;
  /** The operators' devices whose alerts are on, and delivery to them. */
  push: Pick<PushService, 'alertDevices'>;
  now: () => number;
  /** Quiet period per conversation after an alert (5 minutes; tests may shorten it). */
  quietMs?: number;
  /** Hears every decision, with the conversation it was about (metrics; tests wait on it). */
  onOutcome?: (outcome: AlertOutcome, about: { userId: string; topic: AlertTopic }) => void;
  onError: (error: unknown, context: string) => void;
}

/** One alert to decide: about whom and what, when the user wrote (the quiet period counts from it), what it says. */
interface Alert {
  userId: string;
  topic: AlertTopic;
  at: number;
  body: string;
  url: string;
}

// About two lines on a phone's lock screen.
const BODY_MAX = 100;

/** The first words of a text, on one line: cut at a space near the limit when there is one. */
export function firstWords(text: string, max = BODY_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const head = chars.slice(0, max - 1).join('');
  const space = head.lastIndexOf(' ');
  return `${space > head.length * 0.6 ? head.slice(0, space) : head}…`;
}

/**
 * The operator's alerts: when a user writes to Gomeum or sends a proof and no dashboard of the
 * operator is open on any instance, the operator's devices whose alerts are on get a push in their
 * language naming the user and the first words; tapping it opens that conversation or proof. At
 * most one per conversation per quiet period while it is unanswered: the claim is one statement in
 * the database, shared by every instance; the operator's answer ends the quiet period.
 */
export class OperatorAlertsService implements OperatorAlertHooks {
  private readonly pending = new Set<Promise<void>>();
  /** Alerts waiting for the next turn, to be decided together. */
  private readonly queue: Alert[] = [];

  constructor(private readonly deps: OperatorAlertsDeps) {}

  userWrote({ userId, content }: { userId: string; content: string }): void {
    const url = dashboardLink({ section: 'chat', user: userId });
    this.enqueue({ userId, topic: 'chat', at: this.deps.now(), body: firstWords(content), url });
  }

  proofSent({
    userId,
    logId,
    title,
    content,
  }: {
    userId: string;
    logId: string;
    title: string;
    content: string;
  }): void {
    const body = firstWords(`${title.trim()}: ${content}`);
    const url = dashboardLink({ section: 'proofs', proof: logId });
    this.enqueue({ userId, topic: 'proof', at: this.deps.now(), body, url });
  }

  operatorAnswered({ userId, topic }: { userId: string; topic: AlertTopic }): void {
    this.track(this.deps.repo.clear(userId, topic));
  }

  /** Resolves when every alert under way has been decided and sent (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /**
   * Alerts arriving together are decided together, in the next turn: one look at the dashboards,
   * the operators, the users and the devices for all of them (a burst of messages would otherwise
   * cost each its own reads), then a claim for each.
   */
  private enqueue(alert: Alert): void {
    this.queue.push(alert);
    if (this.queue.length > 1) return;
    this.track(new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.decideQueued()));
  }

  private async decideQueued(): Promise<void> {
    const alerts = this.queue.splice(0);
    const report = (alert: Alert) => (outcome: AlertOutcome) =>
      this.deps.onOutcome?.(outcome, { userId: alert.userId, topic: alert.topic });
    if (await this.deps.presence.dashboardOpen()) {
      for (const alert of alerts) report(alert)('dashboard_open');
      return;
    }
    const users = [...new Set(alerts.map((alert) => alert.userId))];
    const [operators, who] = await Promise.all([this.deps.users.operatorIds(), this.deps.users.summaries(users)]);
    const devices = await this.deps.push.alertDevices(operators);
    await Promise.all(
      alerts.map((alert) =>
        this.decide(alert, operators, who, devices).then(report(alert), (error: unknown) =>
          this.deps.onError(error, 'operator alert'),
        ),
      ),
    );
  }

  private async decide(
    { userId, topic, at, body, url }: Alert,
    operators: string[],
    who: Awaited<ReturnType<OperatorAlertsDeps['users']['summaries']>>,
    devices: Awaited<ReturnType<OperatorAlertsDeps['push']['alertDevices']>>,
  ): Promise<AlertOutcome> {
    if (operators.includes(userId)) return 'operator';
    // No device, no claim: a device turned on a moment later hears the next message.
    if (devices.count === 0) return 'no_device';
    const quietMs = this.deps.quietMs ?? OPERATOR_ALERT_QUIET_MS;
    if (!(await this.deps.repo.claim(userId, topic, at, at - quietMs))) return 'quiet';
    const summary = who.get(userId);
    const name = summary?.email ?? summary?.guestId ?? userId;
    const message = (locale: Language): PushMessage => ({
      kind: 'operator',
      title: OPERATOR_ALERT_TITLE[locale][topic](name),
      body,
      url,
      tag: `operator-${topic}-${userId}`,
    });
    const tally = await devices.send(message);
    return tally.delivered > 0 ? 'sent' : 'failed';
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) => this.deps.onError(error, 'operator alert'));
    this.pending.add(tracked);
    void tracked.finally(() => this.pending.delete(tracked));
  }
}
