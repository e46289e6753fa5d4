import { pickLocalized, type MoonQuestion } from '@gomeum/contracts';
import { Suspense, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'wouter';
import { ApiError } from '../../../lib/api-client.ts';
import { GomeumCat, PlanetArt, SkyScene } from '../../../lib/illustrations/index.ts';
import { useAnswerMoonQuestion } from '../api/answer-moon-question.ts';
import { useMoonQuestions } from '../api/get-moon-questions.ts';
import '../moon.css';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useEarlySubmit } from '../../../lib/early-submit.ts';
import { HydrationMark } from '../../../lib/hydration.tsx';

/** The question after `id` by number, if any. */
export function nextQuestionId(questions: readonly MoonQuestion[], id: string): string | null {
  const index = questions.findIndex((question) => question.id === id);
  return index >= 0 ? (questions[index + 1]?.id ?? null) : null;
}

/** Where the page opens: the first unanswered question, else the first one. */
export function firstOpenQuestionId(questions: readonly MoonQuestion[]): string | null {
  return (questions.find((question) => question.answer === null) ?? questions[0])?.id ?? null;
}

function AnswerForm({ question, onSaved }: { question: MoonQuestion; onSaved: (id: string) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState('');
  const answer = useAnswerMoonQuestion();
  const fieldId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // An answer sent before the app had the page is sent once it has (not by the browser itself).
  const [formRef, earlyAction] = useEarlySubmit();

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // The field as it is (uncontrolled): what was typed before the app had the page counts too.
    const trimmed = inputRef.current?.value.trim() ?? '';
    // A blank answer is ignored: nothing is sent.
    if (!trimmed) {
      setError(t('moon.error_blank'));
      inputRef.current?.focus();
      return;
    }
    setError('');
    answer.mutate(
      { questionId: question.id, answer: trimmed },
      {
        onSuccess: () => {
          form.reset();
          onSaved(question.id);
        },
        onError: (failure) => setError(t(failure instanceof ApiError ? failure.code : 'errors.server')),
      },
    );
  };

  return (
    <form ref={formRef} className="form moon__form" action={earlyAction} onSubmit={onSubmit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={fieldId}>
          {t('moon.your_answer')}
        </label>
        <textarea
          ref={inputRef}
          id={fieldId}
          className="input moon__textarea"
          rows={4}
          maxLength={2000}
          name="answer"
          placeholder={t('moon.answer_placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${fieldId}-error`}
        />
      </div>
      <p id={`${fieldId}-error`} className="form__error" role="alert">
        {error}
      </p>
      <button type="submit" className="button button--primary moon__submit" disabled={answer.isPending}>
        {answer.isPending ? t('common.please_wait') : t('moon.submit')}
      </button>
    </form>
  );
}

/** The next unanswered question after `id` (wrapping round), else simply the next by number. */
export function nextOpenQuestionId(questions: readonly MoonQuestion[], id: string): string | null {
  const index = questions.findIndex((question) => question.id === id);
  if (index < 0) return null;
  const after = [...questions.slice(index + 1), ...questions.slice(0, index)];
  return after.find((question) => question.answer === null)?.id ?? nextQuestionId(questions, id);
}

/** Every question in full (no native dropdown cutting long ones short), answered ones ticked. */
function QuestionList({
  questions,
  selectedId,
  onChoose,
}: {
  questions: readonly MoonQuestion[];
  selectedId: string;
  onChoose: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <div className="moon__all">
      <button
        type="button"
        className="button button--ghost moon__all-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {t('moon.all_questions')}
      </button>
      <ol id={listId} className="moon__list" hidden={!open} aria-label={t('moon.choose_question')}>
        {questions.map((q) => (
          <li key={q.id}>
            <button
              type="button"
              className="moon__list-item"
              aria-current={q.id === selectedId ? 'true' : undefined}
              onClick={() => {
                onChoose(q.id);
                setOpen(false);
              }}
            >
              <span className="moon__list-number">{q.number}.</span>
              <span className="moon__list-text">{pickLocalized(q.question, i18n.language)}</span>
              {q.answer === null ? null : (
                <span className="moon__list-done" aria-label={t('moon.answered')}>
                  ✓
                </span>
              )}
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * Which question is on screen: the one chosen, else the first unanswered; the one just saved stays
 * in view, with a clear way on (the reader moves when they choose to).
 */
function useQuestionChoice(list: readonly MoonQuestion[]) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState<string | null>(null);
  const selectedId = chosen ?? firstOpenQuestionId(list);
  const question = list.find((q) => q.id === selectedId);
  const choose = (id: string | null) => {
    if (!id) return;
    setJustSaved(null);
    setChosen(id);
  };
  const onSaved = (id: string) => {
    setChosen(id);
    setJustSaved(id);
  };
  const index = question ? list.indexOf(question) : -1;
  const previousId = index > 0 ? (list[index - 1]?.id ?? null) : null;
  const nextId = question ? nextOpenQuestionId(list, question.id) : null;
  return { question, justSaved, choose, onSaved, previousId, nextId };
}

/** How many questions are answered, of all. */
function MoonProgress({ list }: { list: readonly MoonQuestion[] }) {
  const { t } = useTranslation();
  const answeredCount = list.filter((q) => q.answer !== null).length;
  return (
    <div className="moon__progress">
      <p className="moon__progress-text">{t('moon.progress', { answered: answeredCount, total: list.length })}</p>
      <progress
        className="moon__progress-bar"
        max={list.length}
        value={answeredCount}
        aria-label={t('moon.progress', { answered: answeredCount, total: list.length })}
      />
    </div>
  );
}

/** A question: its number and words, Gomeum's answer, and the user's (or the form to give it). */
function QuestionCard({ question, onSaved }: { question: MoonQuestion; onSaved: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <article className="moon__question" aria-labelledby="moon-question-text">
      <p className="moon__number">{t('moon.question_number', { number: question.number })}</p>
      <h2 id="moon-question-text" className="moon__question-text">
        {pickLocalized(question.question, language)}
      </h2>
      <div className="moon__gomeum">
        <GomeumCat pose="sit" size={56} className="moon__gomeum-cat" />
        <div>
          <h3 className="moon__label">{t('moon.gomeum_answer')}</h3>
          <p className="moon__gomeum-text">{pickLocalized(question.gomeumAnswer, language, t('moon.no_answer'))}</p>
        </div>
      </div>
      {question.answer === null ? (
        <AnswerForm key={question.id} question={question} onSaved={onSaved} />
      ) : (
        <div className="moon__mine">
          <h3 className="moon__label">{t('moon.your_answer')}</h3>
          <p className="moon__mine-text">{question.answer}</p>
          <p className="moon__answered">{t('moon.answered')}</p>
        </div>
      )}
    </article>
  );
}

/** Previous and next: next stands out once the question on screen is answered. */
function QuestionNav({
  answered,
  previousId,
  nextId,
  onChoose,
}: {
  answered: boolean;
  previousId: string | null;
  nextId: string | null;
  onChoose: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav className="moon__nav" aria-label={t('moon.choose_question')}>
      <button
        type="button"
        className="button button--ghost moon__previous"
        disabled={!previousId}
        onClick={() => onChoose(previousId)}
      >
        {t('moon.previous_question')}
      </button>
      <button
        type="button"
        className={`button ${answered ? 'button--primary' : 'button--ghost'} moon__next`}
        disabled={!nextId}
        onClick={() => onChoose(nextId)}
      >
        {t('moon.next_question')}
      </button>
    </nav>
  );
}

/** `/planet/moon`: numbered questions, Gomeum's answer, and the user's own answer. */
export function MoonPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('planets.moon.name'));
  const questions = useMoonQuestions();
  const list = questions.data ?? [];
  const { question, justSaved, choose, onSaved, previousId, nextId } = useQuestionChoice(list);

  let body;
  if (questions.isPending) {
    body = (
      <div className="moon__skeleton" role="status" aria-label={t('common.loading')}>
        <span className="skeleton skeleton--line skeleton--w40" />
        <span className="skeleton skeleton--title" />
        <span className="skeleton skeleton--block" />
        <span className="skeleton skeleton--block" />
      </div>
    );
  } else if (questions.isError) {
    body = (
      <div className="moon__status" role="alert">
        <p>{t('moon.load_failed')}</p>
        <button type="button" className="button button--ghost" onClick={() => void questions.refetch()}>
          {t('moon.retry')}
        </button>
      </div>
    );
  } else if (!question) {
    body = <p className="moon__status">{t('moon.empty')}</p>;
  } else {
    body = (
      <>
        <MoonProgress list={list} />

        <QuestionCard question={question} onSaved={onSaved} />
        <p className="moon__saved" role="status">
          {justSaved === question.id ? t('moon.saved') : ''}
        </p>
        <QuestionNav answered={question.answer !== null} previousId={previousId} nextId={nextId} onChoose={choose} />
        <QuestionList questions={list} selectedId={question.id} onChoose={choose} />
      </>
    );
  }

  return (
    <SkyScene scene="moon">
      <main className="page moon" data-planet="moon">
        <div className="moon__inner">
          <PlanetArt planet="moon" size={150} className="moon__art" />
          {/* A Suspense boundary: on a page the server rendered, the panel hydrates apart. */}
          <Suspense fallback={null}>
            <HydrationMark />
            <section className="panel moon__panel" aria-labelledby="moon-title">
              <h1 id="moon-title" className="moon__title">
                {t('planets.moon.name')}
              </h1>
              <p className="moon__tagline">{t('planets.moon.tagline')}</p>
              {body}
              <Link className="button button--link moon__back" to="/galaxy">
                {t('planet.back_to_galaxy')}
              </Link>
            </section>
          </Suspense>
        </div>
      </main>
    </SkyScene>
  );
}
