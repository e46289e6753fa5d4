import type { Language } from '@gomeum/contracts';

/** The push a reminder sends, per language: `{task}`, `{count}` and `{goal}` are filled in. */
export const REMINDER_MESSAGES: Record<
  Language,
  { title: string; body: { daily: string; weekly: string; plain: string } }
> = {
  en: {
    title: 'Reminder: {task}',
    body: {
      daily: '{count} of {goal} done. Gomeum is waiting for today’s proof.',
      weekly: '{count} of {goal} done. Gomeum is waiting for this week’s proof.',
      plain: '{count} of {goal} done. Gomeum is waiting for your next proof.',
    },
  },
  zh: {
    title: '提醒：{task}',
    body: {
      daily: '已完成 {count}/{goal}。Gomeum 在等你今天的证明。',
      weekly: '已完成 {count}/{goal}。Gomeum 在等你这周的证明。',
      plain: '已完成 {count}/{goal}。Gomeum 在等你的下一份证明。',
    },
  },
  ko: {
    title: '알림: {task}',
    body: {
      daily: '{goal}번 중 {count}번 완료. Gomeum이 오늘의 인증을 기다리고 있어요.',
      weekly: '{goal}번 중 {count}번 완료. Gomeum이 이번 주 인증을 기다리고 있어요.',
      plain: '{goal}번 중 {count}번 완료. Gomeum이 다음 인증을 기다리고 있어요.',
    },
  },
};
