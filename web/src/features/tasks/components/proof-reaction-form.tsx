import { REACTION_TEXT_MAX, type Language } from '@gomeum/contracts';
import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useReplyDraft } from '../../../lib/operator/ai-draft.ts';
import { useReadingLanguage, useTranslated } from '../../../lib/operator/translated.tsx';
import { ReactionSubmit, useSendReaction } from './proof-reaction.tsx';

/** What a drafted reaction says, in the operator's language, under the box that holds it in the user's. */
function DraftReading({ text }: { text: string }) {
  const { t } = useTranslation();
  const { needed, translated } = useTranslated(text);
  if (!needed || translated === null) return null;
  return (
    <p className="proof-item__reading muted">
      <span className="visually-hidden">{t('dashboard.reaction_reading')}: </span>
      <span data-reading="">{translated}</span>
    </p>
  );
}

/** The operator's own words translated into the user's language, to check before they go. */
interface Review {
  text: string;
  language: Language;
}

/**
 * The reaction to a proof opened from the queue: drafted by the AI in Gomeum's voice and the
 * user's language (its reading in the operator's under it), sent with one press or edited. The
 * operator's own words come up translated into the user's language for review (edited, sent, or
 * passed over for the words as written), as chat replies do.
 */
export function ProofReactionForm(props: { logId: string; userId: string; title: string; onSent: () => void }) {
  const { logId, userId, title, onSent } = props;
  const { t } = useTranslation();
  const reaction = useSendReaction();
  const reading = useReadingLanguage();
  const [box, setBox] = useState('');
  const [drafted, setDrafted] = useState(false);
  const [review, setReview] = useState<Review | null>(null);
  const [translating, setTranslating] = useState(false);
  const inputId = useId();
  const reviewRef = useRef<HTMLTextAreaElement>(null);
  const draft = useReplyDraft(userId, setBox, () => setDrafted(true), logId);
  const asked = useRef(false);
  const { start } = draft;
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    start();
  }, [start]);
  useEffect(() => {
    if (review) reviewRef.current?.focus();
  }, [review]);

  const deliver = (content: string, original?: { text: string; language: Language }) => {
    draft.cancel();
    reaction.send(logId, content, onSent, original);
  };
  /** The draft goes as drafted; the operator's own words are translated for review first when the user reads another language. */
  const submit = async () => {
    const content = box.trim();
    if (!content || reaction.pending || translating) return;
    // The translation goes with the operator's own words, kept as its translation back into theirs.
    if (review)
      return review.text.trim() ? deliver(review.text.trim(), { text: content, language: reading }) : undefined;
    if (drafted) return deliver(content);
    setTranslating(true);
    const body = { text: content };
    const translation = await api(operatorRoutes.translateForUser, { params: { userId }, body }).catch(() => null);
    setTranslating(false);
    if (translation?.status === 'translated') setReview({ text: translation.text, language: translation.to });
    else deliver(content);
  };

  return (
    <form
      className="proof-card__form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="proof-item__reply" data-translated="">
        <label htmlFor={inputId}>{t('dashboard.proofs_reply_label', { title })}</label>
        <textarea
          id={inputId}
          className="input textarea"
          rows={3}
          maxLength={REACTION_TEXT_MAX}
          value={box}
          placeholder={t('dashboard.proofs_reply_placeholder')}
          onChange={(event) => {
            draft.cancel();
            setDrafted(false);
            setReview(null);
            setBox(event.target.value);
          }}
        />
        {drafted ? <DraftReading text={box} /> : null}
      </div>
      {review ? (
        <div className="proof-item__review" data-testid="outgoing">
          <label htmlFor={`${inputId}-review`} className="muted">
            {t('dashboard.reply_goes_as', { language: t(`language.names.${review.language}`) })}
          </label>
          <textarea
            id={`${inputId}-review`}
            ref={reviewRef}
            className="input textarea"
            rows={3}
            maxLength={REACTION_TEXT_MAX}
            lang={review.language}
            value={review.text}
            onChange={(event) => setReview({ ...review, text: event.target.value })}
          />
          <span className="muted">{t('dashboard.reply_review_hint')}</span>
        </div>
      ) : null}
      <span className="inbox__draft-status muted" role="status">
        {draft.state === 'drafting'
          ? t('dashboard.drafting')
          : translating
            ? t('dashboard.translating')
            : drafted
              ? t('dashboard.reaction_drafted')
              : null}
      </span>
      <div className="proof-item__send">
        {review ? (
          <button
            type="button"
            className="button button--ghost"
            disabled={reaction.pending}
            onClick={() => deliver(box.trim())}
          >
            {t('dashboard.send_as_written')}
          </button>
        ) : null}
        <ReactionSubmit
          reaction={reaction}
          empty={!box.trim() || translating}
          testId={drafted ? 'send-draft' : undefined}
        />
      </div>
    </form>
  );
}
