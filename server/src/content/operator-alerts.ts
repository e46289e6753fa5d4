import type { Language } from '@gomeum/contracts';

/**
 * The operator's alerts, per language: the title names the user (their email, or a guest's id),
 * the body is the first words of what they wrote.
 */
export const OPERATOR_ALERT_TITLE: Record<
  Language,
  { chat: (name: string) => string; proof: (name: string) => string }
> = {
  en: { chat: (name) => `${name} wrote to Gomeum`, proof: (name) => `${name} sent a proof` },
  zh: { chat: (name) => `${name} 给 Gomeum 发了消息`, proof: (name) => `${name} 提交了证明` },
  ko: { chat: (name) => `${name}님이 Gomeum에게 메시지를 보냈어요`, proof: (name) => `${name}님이 인증을 보냈어요` },
};
