import type { Language } from '@gomeum/contracts';
import { AI_CONTEXT_LABELS } from '../../content/messages.ts';
import type { TaskSummary } from '../tasks/index.ts';

/** The tasks block of the system prompt. */
export function describeTasks(tasks: TaskSummary[], language: Language): string {
  const labels = AI_CONTEXT_LABELS[language];
  const set = tasks.filter((task) => task.description.trim() || task.reward.trim());
  if (set.length === 0) return labels.none;
  const lines = set.map(
    (task) =>
      `- ${task.planet}: ${task.description.trim() || labels.unset} (${labels.reward}: ${task.reward.trim() || labels.unset}; ` +
      `${labels.status}: ${task.status.trim() || labels.unset})`,
  );
  return [labels.tasks, ...lines].join('\n');
}
