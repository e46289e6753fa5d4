import { pickLocalized, planetIdSchema, type Language, type MoonQuestion } from '@gomeum/contracts';
import { KNOWLEDGE_LABELS } from '../../content/messages.ts';
import type { TasksService } from '../tasks/index.ts';
import { describeTasks } from './chat.prompt.ts';

// How many proofs per planet, and moon answers, a draft's prompt holds.
const PROOFS_PER_PLANET = 2;
const MOON_ANSWERS = 5;
const SNIPPET = 200;

const snippet = (text: string) => (text.length > SNIPPET ? `${text.slice(0, SNIPPET)}…` : text);

/** What the knowledge of a user is read from. */
export interface KnowledgeSources {
  tasks: Pick<TasksService, 'summaries' | 'getProgress' | 'listLogs'>;
  /** The user's moon questions with their answers (the moon's). */
  moon: (userId: string) => Promise<MoonQuestion[]>;
}

/**
 * What Gomeum knows of a user, as lines of a prompt: their planet tasks with goals and progress,
 * their latest proofs with Gomeum's reactions, and their moon answers.
 */
export function userKnowledge(sources: KnowledgeSources) {
  return async (userId: string, language: Language): Promise<string> => {
    const labels = KNOWLEDGE_LABELS[language];
    const [tasks, moon] = await Promise.all([sources.tasks.summaries(userId), sources.moon(userId)]);
    const planets = tasks.flatMap((task) => {
      const planet = planetIdSchema.safeParse(task.planet);
      return planet.success ? [planet.data] : [];
    });
    const [progress, logs] = await Promise.all([
      Promise.all(planets.map((planet) => sources.tasks.getProgress(userId, planet))),
      Promise.all(planets.map((planet) => sources.tasks.listLogs(userId, planet, PROOFS_PER_PLANET))),
    ]);
    const lines = [describeTasks(tasks, language)];
    planets.forEach((planet, index) => {
      const standing = progress[index];
      if (standing) lines.push(`- ${planet}: ${labels.progress} ${standing.count}/${standing.goal}`);
    });
    const proofs = logs.flat();
    if (proofs.length > 0) {
      lines.push(labels.proofs);
      for (const proof of proofs) {
        const reaction = proof.reaction ? ` (${labels.reaction}: ${snippet(proof.reaction.content)})` : '';
        lines.push(`- ${proof.planet}, ${proof.date}: ${snippet(proof.content)}${reaction}`);
      }
    }
    const answered = moon.filter((question) => question.answer).slice(-MOON_ANSWERS);
    if (answered.length > 0) {
      lines.push(labels.moon);
      for (const question of answered) {
        lines.push(`- ${pickLocalized(question.question, language)} → ${snippet(question.answer ?? '')}`);
      }
    }
    return lines.join('\n');
  };
}
