import type { Language } from '@gomeum/contracts';

/** What the AI is told when it reacts to a proof, and the labels of the proof it reacts to, per language. */
export const REACTION_PROMPT: Record<
  Language,
  {
    instruction: string;
    planet: string;
    task: string;
    reward: string;
    progress: (count: number, goal: number) => string;
    date: string;
    title: string;
    proof: string;
    unset: string;
  }
> = {
  en: {
    instruction:
      'The user has just sent a proof of their real-world task. React to this one proof as Gomeum: two or three short ' +
      'sentences at most, warm and specific to what they wrote, noticing their progress toward the goal. Write in English. ' +
      'Do not ask for another proof and do not invent details that are not in the proof.',
    planet: 'Planet',
    task: 'Their task',
    reward: 'Their reward',
    progress: (count, goal) => `Progress: ${count} of ${goal} proofs`,
    date: 'Date',
    title: 'Proof title',
    proof: 'What they wrote',
    unset: 'not set',
  },
  zh: {
    instruction:
      '用户刚刚提交了一份现实任务的证明。请以 Gomeum 的身份只对这一份证明做出回应：最多两三句短句，温暖，并针对他们写的内容，' +
      '留意他们朝目标的进度。请用简体中文回答。不要要求再交证明，也不要编造证明里没有的细节。',
    planet: '星球',
    task: '他们的任务',
    reward: '他们的奖励',
    progress: (count, goal) => `进度：${goal} 份证明中的第 ${count} 份`,
    date: '日期',
    title: '证明标题',
    proof: '他们写的内容',
    unset: '未设定',
  },
  ko: {
    instruction:
      '사용자가 방금 현실 과제의 인증을 보냈어요. Gomeum으로서 이 인증 하나에만 반응하세요: 길어야 짧은 두세 문장으로, 따뜻하게, ' +
      '사용자가 쓴 내용에 맞춰, 목표를 향한 진행도 짚어 주세요. 한국어 해요체로 쓰세요. 인증을 더 보내 달라고 하지 말고, 인증에 없는 내용은 지어내지 마세요.',
    planet: '행성',
    task: '과제',
    reward: '보상',
    progress: (count, goal) => `진행: 인증 ${goal}개 중 ${count}개`,
    date: '날짜',
    title: '인증 제목',
    proof: '사용자가 쓴 내용',
    unset: '정하지 않음',
  },
};

/** The title of the push that brings Gomeum's reaction to a user who is away. */
export const REACTION_PUSH_TITLE: Record<Language, string> = {
  en: 'Gomeum reacted to your proof',
  zh: 'Gomeum 回应了你的证明',
  ko: 'Gomeum이 인증에 답했어요',
};
