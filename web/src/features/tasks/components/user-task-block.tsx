import { GOAL_MAX, pickLocalized, type TaskScreen, type UserTask } from '@gomeum/contracts';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Field } from '../../../lib/field.tsx';
import { useEarlySubmit } from '../../../lib/early-submit.ts';
import { contentLang } from '../../../lib/content-lang.ts';
import { useTaskConfirmForm } from './use-task-confirm-form.ts';

/** A confirmed task, as plain text for good: its description, reward and latest proof. */
function ConfirmedTask({ task }: { task: UserTask }) {
  const { t } = useTranslation();
  return (
    <section className="panel task-block" aria-labelledby="your-task-title">
      <h2 id="your-task-title" className="task-block__title">
        {t('task.your_task')}
        {task.status === 'completed' ? <span className="badge badge--done">{t('task.status_completed')}</span> : null}
      </h2>
      <dl className="task-facts">
        <dt>{t('task.description')}</dt>
        <dd lang={contentLang(task.description)}>{task.description}</dd>
        <dt>{t('task.reward')}</dt>
        <dd lang={contentLang(task.reward)}>{task.reward}</dd>
        {task.proof.trim() !== '' ? (
          <>
            <dt>{t('task.latest_proof')}</dt>
            <dd className="task-facts__note" lang={contentLang(task.proof)}>
              {task.proof}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/** The goal (how many times) and its cadence; `errorId` names the form's error while there is one. */
function GoalFields({ errorId }: { errorId: string | undefined }) {
  const { t } = useTranslation();
  const goalHintId = useId();
  return (
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
          aria-describedby={errorId ? `${goalHintId} ${errorId}` : goalHintId}
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
  );
}

/**
 * The user's own description and reward: editable until confirmed with both filled, then plain
 * text for good (the server refuses later changes too).
 */
export function UserTaskBlock({ screen }: { screen: TaskScreen }) {
  const { t, i18n } = useTranslation();
  const { error, missing, unmark, descriptionRef, rewardRef, onSubmit, pending } = useTaskConfirmForm(screen.planet);
  const errorId = useId();
  const descriptionHintId = useId();
  const rewardHintId = useId();
  const task = screen.userTask;
  // A Confirm pressed before the app had the page is sent once it has (not by the browser itself).
  const [formRef, earlyAction] = useEarlySubmit();

  if (task?.confirmed) return <ConfirmedTask task={task} />;

  const hintDescription = pickLocalized(screen.definition?.description, i18n.language);
  const hintReward = pickLocalized(screen.definition?.reward, i18n.language);
  const describedBy = (hintId: string | null, marked: boolean) =>
    [hintId, marked && error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <section className="panel task-block" aria-labelledby="your-task-title">
      <h2 id="your-task-title" className="task-block__title">
        {t('task.your_task')}
      </h2>
      <p className="task-block__lead">{t('task.confirm_hint')}</p>
      <form ref={formRef} className="form" action={earlyAction} onSubmit={onSubmit} noValidate>
        {/* Gomeum's suggestion is a hint under the field, read in full (a placeholder was cut off on a phone). */}
        <Field label={t('task.description')}>
          <textarea
            ref={descriptionRef}
            className="input textarea"
            name="description"
            rows={4}
            maxLength={500}
            defaultValue={task?.description ?? ''}
            aria-invalid={missing.has('description') || undefined}
            aria-describedby={describedBy(hintDescription ? descriptionHintId : null, missing.has('description'))}
            onInput={() => unmark('description')}
          />
        </Field>
        {hintDescription ? (
          <p id={descriptionHintId} className="field__hint field__hint--after">
            {t('task.example', { text: hintDescription })}
          </p>
        ) : null}
        <Field label={t('task.reward')}>
          <textarea
            ref={rewardRef}
            className="input textarea"
            name="reward"
            rows={3}
            maxLength={500}
            defaultValue={task?.reward ?? ''}
            aria-invalid={missing.has('reward') || undefined}
            aria-describedby={describedBy(hintReward ? rewardHintId : null, missing.has('reward'))}
            onInput={() => unmark('reward')}
          />
        </Field>
        {hintReward ? (
          <p id={rewardHintId} className="field__hint field__hint--after">
            {t('task.example', { text: hintReward })}
          </p>
        ) : null}
        <GoalFields errorId={error ? errorId : undefined} />
        <p id={errorId} className="form__error" role="alert">
          {error}
        </p>
        <button className="button button--primary" type="submit" disabled={pending}>
          {pending ? t('common.please_wait') : t('task.confirm')}
        </button>
      </form>
    </section>
  );
}
