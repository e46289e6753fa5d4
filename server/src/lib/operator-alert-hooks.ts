/**
 * What the chat and the tasks tell the operator's alerts (features/operator-alerts): a user wrote
 * or sent a proof, or the operator answered. Each call returns at once and never fails: the alert
 * is decided and sent in the background. The app hands the alerts in; services built without them
 * use `noOperatorAlerts`.
 */
export interface OperatorAlertHooks {
  /** A user's chat message was stored (once, not again on a retried send). */
  userWrote(message: { userId: string; content: string }): void;
  /** A user's proof was stored. */
  proofSent(proof: { userId: string; logId: string; title: string; content: string }): void;
  /** The operator answered a user's conversation or proof: its next message alerts at once. */
  operatorAnswered(answer: { userId: string; topic: 'chat' | 'proof' }): void;
}

/** Hooks that do nothing, for services built without the operator's alerts. */
export const noOperatorAlerts: OperatorAlertHooks = {
  userWrote: () => undefined,
  proofSent: () => undefined,
  operatorAnswered: () => undefined,
};
