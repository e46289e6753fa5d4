import { useTranslation } from '../../../lib/i18n.ts';

/** "Mia is typing…" beside the conversation, announced politely. */
export function UserTyping({ name, typing }: { name: string; typing: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="inbox__typing" aria-live="polite" data-testid="user-typing">
      {typing ? t('dashboard.user_typing_long', { name }) : null}
    </p>
  );
}

/** Under the reply box: the draft being written, ready to edit, and "draft again". */
export function DraftControls({
  state,
  offered,
  onDraftAgain,
}: {
  state: 'idle' | 'drafting' | 'ready';
  /** An AI has drafted on this page: another draft can be asked for. */
  offered: boolean;
  onDraftAgain: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="inbox__draft">
      <span className="inbox__draft-status" role="status">
        {state === 'drafting' ? t('dashboard.drafting') : state === 'ready' ? t('dashboard.draft_ready') : null}
      </span>
      {offered && state !== 'drafting' ? (
        <button type="button" className="button button--ghost inbox__draft-again" onClick={onDraftAgain}>
          {t('dashboard.draft_again')}
        </button>
      ) : null}
    </div>
  );
}
