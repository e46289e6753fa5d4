import { useTranslation } from '../../../lib/i18n.ts';

/** The panel's close button: the platform hides the panel (`popovertarget`), the app gives focus back. */
export function CloseButton({ panelId, onClose }: { panelId: string; onClose?: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="icon-button chat__close"
      aria-label={t('common.close')}
      popoverTarget={panelId}
      popoverTargetAction="hide"
      onClick={onClose}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}

/** The panel as the page comes with it, before the app has rendered the conversation: its title and a close button. */
export function ChatPanelFrame({ panelId, titleId }: { panelId: string; titleId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <header className="chat__header">
        <div className="chat__heading">
          <h2 id={titleId} className="chat__title">
            {t('chat.title')}
          </h2>
        </div>
        <CloseButton panelId={panelId} />
      </header>
      <p className="chat__empty">{t('common.loading')}</p>
    </>
  );
}
