import {
  GOAL_MAX,
  confirmTaskWithGoalBodySchema,
  isErrorCode,
  pickLocalized,
  type TaskScreen,
} from '@gomeum/contracts';
import * as z from 'zod/mini';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useConfirmTask } from '../api/confirm-task.ts';
import { Field } from '../../../lib/field.tsx';

/**
 * The user's own description and reward: editable until confirmed with both filled, then plain
 * text for good (the server refuses later changes too).
 */
export function UserTaskBlock({ screen }: { screen: TaskScreen }) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirmTask(screen.planet);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const goalHintId = useId();
  const task = screen.userTask;

  if (task?.confirmed) {
    return (
      <section className="panel task-block" aria-labelledby="your-task-title">
        <h2 id="your-task-title" className="task-block__title">
          {t('task.your_task')}
          {task.status === 'completed' ? <span className="badge badge--done">{t('task.status_completed')}</span> : null}
        </h2>
        <dl className="task-facts">
          <dt>{t('task.description')}</dt>
          <dd>{task.description}</dd>
          <dt>{t('task.reward')}</dt>
          <dd>{task.reward}</dd>
          {task.proof.trim() !== '' ? (
            <>
              <dt>{t('task.latest_proof')}</dt>
              <dd className="task-facts__note">{task.proof}</dd>
            </>
          ) : null}
        </dl>
      </section>
    );
  }

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
    if (!parsed.success) {
      const code = parsed.error.issues[0]?.message;
      setError(code === 'progress.error_goal' ? t('progress.error_goal') : t('task.error_fill_all'));
      return;
    }
    confirm.mutate(parsed.data, {
      onError: (failure) => {
        const code = failure instanceof ApiError ? failure.code : 'errors.server';
        setError(isErrorCode(code) ? t(code) : t('errors.server'));
      },
    });
  };

  const hintDescription = pickLocalized(screen.definition?.description, i18n.language);
  const hintReward = pickLocalized(screen.definition?.reward, i18n.language);

  return (
    <section className="panel task-block" aria-labelledby="your-task-title">
      <h2 id="your-task-title" className="task-block__title">
        {t('task.your_task')}
      </h2>
      <p className="task-block__lead">{t('task.confirm_hint')}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field label={t('task.description')}>
          <textarea
            className="input textarea"
            name="description"
            rows={4}
            maxLength={500}
            defaultValue={task?.description ?? ''}
            placeholder={hintDescription}
            aria-describedby={error ? errorId : undefined}
          />
        </Field>
        <Field label={t('task.reward')}>
          <textarea
            className="input textarea"
            name="reward"
            rows={3}
            maxLength={500}
            defaultValue={task?.reward ?? ''}
            placeholder={hintReward}
            aria-describedby={error ? errorId : undefined}
          />
        </Field>
        <div className="goal-fields">
          <Field label={t('progress.goal_label')}>
            <input
              className="input"
              name="goal"
              type="number"
              inputMode="numeric"
              min={1}
              max={GOAL_MAX}
              step={1}
              defaultValue="1"
              aria-describedby={error ? `${goalHintId} ${errorId}` : goalHintId}
            />
          </Field>
          <Field label={t('progress.cadence_label')}>
            <select className="input" name="cadence" defaultValue="">
              <option value="">{t('progress.cadence_none')}</option>
              <option value="daily">{t('progress.cadence_daily')}</option>
              <option value="weekly">{t('progress.cadence_weekly')}</option>
            </select>
          </Field>
          <p id={goalHintId} className="goal-fields__hint">
            {t('progress.goal_hint')}
          </p>
        </div>
        <p id={errorId} className="form__error" role="alert">
          {error}
        </p>
        <button className="button button--primary" type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? t('common.please_wait') : t('task.confirm')}
        </button>
      </form>
    </section>
  );
}
