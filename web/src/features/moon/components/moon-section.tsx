import { pickLocalized, type MoonQuestion } from '@gomeum/contracts';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { DashboardCard, FormActions } from '../../../lib/operator/shared.tsx';
import { ListStates } from '../../../lib/operator/list-states.tsx';
import { EntriesSkeleton, FieldsSkeleton } from '../../../lib/skeleton.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useAddMoonQuestion, useMoonQuestions, useQuestionAnswers, useSetGomeumAnswer } from '../api/moon-answers.ts';
import { Field } from '../../../lib/field.tsx';
import { Translated } from '../../../lib/operator/translated.tsx';
import {
  InLanguagesFields,
  OtherLanguagesButton,
  useInLanguagesForm,
  useWritingOrder,
} from '../../../lib/operator/other-languages.tsx';
import './moon-section.css';

function AnswerEditor({ question }: { question: MoonQuestion }) {
  const { t, i18n } = useTranslation();
  const save = useSetGomeumAnswer(question.id);
  const answers = useQuestionAnswers(question.id);
  const form = useInLanguagesForm();
  const order = useWritingOrder();
  const { notice, setNotice } = form;
  return (
    <>
      <dl className="task-facts">
        {order.map((lang) => (
          <div key={lang} className="task-facts__row">
            <dt>{t(`language.names.${lang}`)}</dt>
            <dd>{question.gomeumAnswer[lang] ?? '—'}</dd>
          </div>
        ))}
      </dl>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (form.heldBack()) return;
          const filled = Object.fromEntries(
            order.map((l) => [l, form.values[l].trim()] as const).filter(([, v]) => v !== ''),
          );
          if (Object.keys(filled).length === 0) {
            setNotice({ ok: false, text: t('dashboard.moon_need_language') });
            return;
          }
          save.mutate(
            { gomeumAnswer: filled },
            {
              onSuccess: () => {
                form.clear();
                setNotice({ ok: true, text: t('dashboard.moon_updated') });
              },
              onError: () => setNotice({ ok: false, text: t('dashboard.moon_update_failed') }),
            },
          );
        }}
      >
        <div className="lang-grid">
          <InLanguagesFields
            form={form}
            rows={3}
            className="lang-grid__field"
            label={(language) => t('dashboard.new_answer_in', { language })}
          />
        </div>
        <OtherLanguagesButton other={form.other} />
        <div className="form__actions">
          <button className="button button--primary" type="submit" disabled={save.isPending}>
            {t('dashboard.update_answer')}
          </button>
          <span className={notice?.ok ? 'form__success' : 'form__error'} role={notice?.ok ? 'status' : 'alert'}>
            {notice?.text}
          </span>
        </div>
      </form>
      <h3 className="dashboard-card__subtitle">{t('dashboard.user_answers')}</h3>
      <ListStates
        query={answers}
        empty={t('dashboard.nothing_yet')}
        isEmpty={(items) => items.length === 0}
        skeleton={<EntriesSkeleton entries={2} />}
      >
        {(items) => (
          <ul className="plain-list">
            {items.map((answer) => (
              <li key={answer.userId} className="log-row">
                <strong>{answer.who}</strong>{' '}
                <span className="muted">· {formatDateTime(answer.createdAt, i18n.language)}</span>
                <Translated text={answer.answer} className="log-row__content" />
              </li>
            ))}
          </ul>
        )}
      </ListStates>
    </>
  );
}

function NewQuestion({ nextNumber }: { nextNumber: number }) {
  const { t } = useTranslation();
  const add = useAddMoonQuestion();
  const form = useInLanguagesForm();
  const { notice, setNotice } = form;
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (form.heldBack()) return;
        const number = Number(new FormData(event.currentTarget).get('number'));
        add.mutate(
          { number, question: form.values },
          {
            onSuccess: () => {
              form.clear();
              setNotice({ ok: true, text: t('dashboard.question_added') });
            },
            onError: (error) => {
              const moonError = error instanceof ApiError && error.code.startsWith('moon.');
              setNotice({ ok: false, text: moonError ? t(error.code) : t('dashboard.save_failed') });
            },
          },
        );
      }}
    >
      <Field label={t('dashboard.question_number')}>
        <input key={nextNumber} className="input" type="number" name="number" min={1} defaultValue={nextNumber} />
      </Field>
      <div className="lang-grid">
        <InLanguagesFields
          form={form}
          rows={2}
          className="lang-grid__field"
          label={(language) => t('dashboard.question_in', { language })}
        />
      </div>
      <OtherLanguagesButton other={form.other} />
      <FormActions label={t('dashboard.add_question')} pending={add.isPending} notice={notice} />
    </form>
  );
}

/** Section 3: moon questions, Gomeum's answers per language, users' answers, new questions. */
export function MoonSection() {
  const { t, i18n } = useTranslation();
  const questions = useMoonQuestions();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  if (questions.isError) return <p className="form__error">{t('dashboard.load_failed')}</p>;
  if (questions.isPending) {
    return (
      <div className="panel dashboard-card">
        <FieldsSkeleton fields={3} />
      </div>
    );
  }
  const list = questions.data;
  const selected = list.find((q) => q.id === selectedId) ?? list[0];
  const nextNumber = Math.max(0, ...list.map((q) => q.number)) + 1;
  return (
    <div className="dashboard-grid">
      <section className="panel dashboard-card dashboard-card--wide" aria-labelledby="moon-title">
        <div className="dashboard-card__heading">
          <h2 id="moon-title" className="dashboard-card__title">
            {t('dashboard.gomeum_answers')}
          </h2>
          <label className="planet-select">
            <span>{t('dashboard.question')}</span>
            <select
              className="input"
              value={selected?.id ?? ''}
              onChange={(event) => setSelectedId(event.target.value)}
            >
              {list.map((q) => (
                <option key={q.id} value={q.id}>
                  {q.number}. {pickLocalized(q.question, i18n.language)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {selected ? (
          <AnswerEditor key={selected.id} question={selected} />
        ) : (
          <p className="muted">{t('dashboard.nothing_yet')}</p>
        )}
      </section>
      <DashboardCard id="new-question-title" title={t('dashboard.new_question')} wide>
        <NewQuestion nextNumber={nextNumber} />
      </DashboardCard>
    </div>
  );
}
