import { pickLocalized, type MoonQuestion } from '@gomeum/contracts';
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { GomeumCat, PlanetArt, SkyScene } from '../../art/index.ts';
import { useAnswerMoonQuestion } from '../api/answer-moon-question.ts';
import { useMoonQuestions } from '../api/get-moon-questions.ts';
import '../moon.css';
import { useDocumentTitle } from '../../../lib/document-title.ts';

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
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const answer = useAnswerMoonQuestion();
  const fieldId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = text.trim();
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
          setText('');
          onSaved(question.id);
        },
        onError: (failure) => setError(t(failure instanceof ApiError ? failure.code : 'errors.server')),
      },
    );
  };

  return (
    <form className="form moon__form" onSubmit={onSubmit} noValidate>
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
          value={text}
          placeholder={t('moon.answer_placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${fieldId}-error`}
          onChange={(event) => setText(event.target.value)}
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

/** `/planet/moon`: numbered questions, Gomeum's answer, and the user's own answer. */
export function MoonPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('planets.moon.name'));
  const questions = useMoonQuestions();
  const [chosen, setChosen] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState(false);
  const selectId = useId();
  const list = questions.data ?? [];
  const selectedId = chosen ?? firstOpenQuestionId(list);
  const question = list.find((q) => q.id === selectedId);
  const language = i18n.language;

  const onSaved = (id: string) => {
    setJustSaved(true);
    const next = nextQuestionId(list, id);
    if (next) setChosen(next);
  };

  let body;
  if (questions.isPending) {
    body = (
      <div className="moon__status" role="status">
        <div className="spinner" aria-hidden="true" />
        <span>{t('common.loading')}</span>
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
        <div className="field">
          <label className="field__label" htmlFor={selectId}>
            {t('moon.choose_question')}
          </label>
          <select
            id={selectId}
            className="input moon__select"
            value={question.id}
            onChange={(event) => {
              setJustSaved(false);
              setChosen(event.target.value);
            }}
          >
            {list.map((q) => (
              <option key={q.id} value={q.id}>
                {`${q.answer === null ? '' : '✓ '}${q.number}. ${pickLocalized(q.question, language)}`}
              </option>
            ))}
          </select>
        </div>

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
        <p className="moon__saved" role="status">
          {justSaved ? t('moon.saved') : ''}
        </p>
      </>
    );
  }

  return (
    <SkyScene scene="moon">
      <main className="page moon" data-planet="moon">
        <div className="moon__inner">
          <PlanetArt planet="moon" size={150} className="moon__art" />
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
        </div>
      </main>
    </SkyScene>
  );
}
