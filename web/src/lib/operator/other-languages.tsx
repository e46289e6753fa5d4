import { LANGUAGES, type Language } from '@gomeum/contracts';
import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { useState } from 'react';
import { api } from '../api-client.ts';
import { Field } from '../field.tsx';
import { useTranslation } from '../i18n.ts';
import type { Notice } from './shared.tsx';

/** Words in the three languages, each field as the operator has it. */
export type InLanguages = Record<Language, string>;

/**
 * The order of the operator's language fields, the same on every form: the dashboard's language
 * first (the one they write in), then the others as `LANGUAGES` lists them.
 */
export function useWritingOrder(): readonly Language[] {
  const { i18n } = useTranslation();
  const own = i18n.language;
  return [own, ...LANGUAGES.filter((lang) => lang !== own)];
}

/**
 * Writing one language and asking for the other two: the empty fields are drafted by the AI from
 * the one written (through the operator's translations), and each drafted field is marked as such
 * until the operator edits it or says it is checked.
 */
export function useOtherLanguages(values: InLanguages, setValues: (next: InLanguages) => void) {
  const [drafted, setDrafted] = useState<ReadonlySet<Language>>(new Set());
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const order = useWritingOrder();
  const source = order.find((lang) => values[lang].trim() !== '' && !drafted.has(lang));
  const targets = source ? order.filter((lang) => lang !== source && values[lang].trim() === '') : [];

  const fill = async () => {
    if (!source || targets.length === 0) return;
    setPending(true);
    const text = values[source].trim();
    const answers = await Promise.all(
      targets.map((to) => api(operatorRoutes.translateText, { body: { text, to } }).catch(() => null)),
    );
    setPending(false);
    const next = { ...values };
    const marked = new Set(drafted);
    answers.forEach((answer, index) => {
      const to = targets[index];
      if (!to || answer?.status !== 'translated') return;
      next[to] = answer.text;
      marked.add(to);
    });
    setFailed(answers.some((answer) => answer?.status !== 'translated'));
    setValues(next);
    setDrafted(marked);
  };
  /** The operator looked at (or changed) a field: no longer a draft. */
  const checked = (lang: Language) => {
    if (!drafted.has(lang)) return;
    const rest = new Set(drafted);
    rest.delete(lang);
    setDrafted(rest);
  };
  return { fill, pending, failed, drafted, checked, canFill: targets.length > 0, source };
}

/** What `useOtherLanguages` gives: one set of fields' drafting. */
export type OtherLanguages = ReturnType<typeof useOtherLanguages>;

/**
 * The button that asks for the other languages, and why none came. Several sets of fields (a
 * title and a text) are drafted by one press.
 */
export function OtherLanguagesButton({ other }: { other: OtherLanguages | readonly OtherLanguages[] }) {
  const { t } = useTranslation();
  const all: readonly OtherLanguages[] = Array.isArray(other) ? other : [other as OtherLanguages];
  const source = all.find((each) => each.source)?.source;
  const pending = all.some((each) => each.pending);
  const failed = all.some((each) => each.failed);
  // Nothing written yet, or every language written: nothing to ask for.
  if (!source || (!pending && !failed && !all.some((each) => each.canFill))) return null;
  return (
    <div className="other-languages">
      <button
        type="button"
        className="button button--ghost"
        disabled={!all.some((each) => each.canFill) || pending}
        onClick={() => all.forEach((each) => void each.fill())}
      >
        {pending
          ? t('dashboard.drafting_languages')
          : t('dashboard.draft_languages', { language: t(`language.names.${source}`) })}
      </button>
      <span className="muted" role="status">
        {failed ? t('dashboard.draft_languages_failed') : null}
      </span>
    </div>
  );
}

/** True while any field of these is still a draft the operator has not looked at. */
export function hasUncheckedDrafts(...others: OtherLanguages[]): boolean {
  return others.some((each) => each.drafted.size > 0);
}

/** Beside a field the AI drafted: says so, and lets the operator say it is checked. */
export function DraftedMark({ other, lang }: { other: OtherLanguages; lang: Language }) {
  const { t } = useTranslation();
  if (!other.drafted.has(lang)) return null;
  return (
    <span className="drafted-mark">
      <span className="badge badge--waiting">{t('dashboard.drafted_by_ai')}</span>
      <button type="button" className="button button--link" onClick={() => other.checked(lang)}>
        {t('dashboard.drafted_checked')}
      </button>
    </span>
  );
}

const emptyInLanguages = (): InLanguages => ({ en: '', zh: '', ko: '' });

/**
 * A form of words in the three languages, the others drafted on asking: the fields, the drafts
 * (`other`) and the form's notice. `heldBack()` says whether drafts the operator has not checked
 * yet keep the form from being sent (and says so in the notice).
 */
export function useInLanguagesForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState(emptyInLanguages);
  const [notice, setNotice] = useState<Notice | null>(null);
  const other = useOtherLanguages(values, setValues);
  const heldBack = () => {
    if (other.drafted.size === 0) return false;
    setNotice({ ok: false, text: t('dashboard.drafts_unchecked') });
    return true;
  };
  return { values, setValues, clear: () => setValues(emptyInLanguages()), notice, setNotice, other, heldBack };
}

/**
 * The three languages' fields of such a form, each a textarea labelled `label(language name)` and
 * marked while the AI's draft is unchecked; in the writing order, `className` on each field's box.
 */
export function InLanguagesFields({
  form,
  label,
  rows,
  className,
}: {
  form: ReturnType<typeof useInLanguagesForm>;
  label: (language: string) => string;
  rows: number;
  className?: string;
}) {
  const { t } = useTranslation();
  return useWritingOrder().map((lang) => (
    <div key={lang} className={className}>
      <InLanguageField
        lang={lang}
        label={label(t(`language.names.${lang}`))}
        rows={rows}
        values={form.values}
        setValues={form.setValues}
        other={form.other}
      />
    </div>
  ));
}

/**
 * One language's field of words the AI may draft: a textarea for `values[lang]` (its form field
 * `name`, if it is posted), marked while its draft is unchecked; editing it checks it.
 */
export function InLanguageField({
  lang,
  label,
  name,
  rows,
  maxLength,
  autoFocus,
  values,
  setValues,
  other,
}: {
  lang: Language;
  label: string;
  name?: string;
  rows: number;
  maxLength?: number;
  autoFocus?: boolean;
  values: InLanguages;
  setValues: (next: InLanguages) => void;
  other: OtherLanguages;
}) {
  return (
    <>
      <Field label={label}>
        <textarea
          className="input textarea"
          name={name}
          rows={rows}
          maxLength={maxLength}
          value={values[lang]}
          autoFocus={autoFocus}
          onChange={(event) => {
            other.checked(lang);
            setValues({ ...values, [lang]: event.target.value });
          }}
        />
      </Field>
      <DraftedMark other={other} lang={lang} />
    </>
  );
}
