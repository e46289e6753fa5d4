import { confirmTaskWithGoalBodySchema, isErrorCode, type PlanetId } from '@gomeum/contracts';
import * as z from 'zod/mini';
import { useRef, useState, type SyntheticEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useConfirmTask } from '../api/confirm-task.ts';

/** The two fields a task cannot be confirmed without. */
export type RequiredField = 'description' | 'reward';

/**
 * Confirming the user's own task on `planet`: the fields checked with the shared schema before
 * anything is sent; the ones left empty marked, the first of them focused (scrolled to), and each
 * unmarked as soon as something is typed in it; the error said in the user's language.
 */
export function useTaskConfirmForm(planet: PlanetId) {
  const { t } = useTranslation();
  const confirm = useConfirmTask(planet);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<ReadonlySet<RequiredField>>(new Set());
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const rewardRef = useRef<HTMLTextAreaElement>(null);

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    // The fields as they are (uncontrolled): what was typed before the app had the page counts too.
    const fields = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = fields.get(name);
      return typeof value === 'string' ? value : '';
    };
    const parsed = z.safeParse(confirmTaskWithGoalBodySchema, {
      description: text('description'),
      reward: text('reward'),
      goal: Number(text('goal')),
      cadence: text('cadence') === '' ? null : text('cadence'),
    });
    const empty = new Set((['description', 'reward'] as const).filter((name) => text(name).trim() === ''));
    setMissing(empty);
    if (!parsed.success) {
      const code = parsed.error.issues[0]?.message;
      setError(
        code === 'progress.error_goal' && empty.size === 0 ? t('progress.error_goal') : t('task.error_fill_all'),
      );
      // The first empty field comes into view with the cursor in it; the error is read with it.
      (empty.has('description') ? descriptionRef : empty.has('reward') ? rewardRef : null)?.current?.focus();
      return;
    }
    confirm.mutate(parsed.data, {
      onError: (failure) => {
        const code = failure instanceof ApiError ? failure.code : 'errors.server';
        setError(isErrorCode(code) ? t(code) : t('errors.server'));
      },
    });
  };

  const unmark = (name: RequiredField) => {
    if (missing.has(name)) setMissing(new Set([...missing].filter((other) => other !== name)));
  };

  return { error, missing, unmark, descriptionRef, rewardRef, onSubmit, pending: confirm.isPending };
}
