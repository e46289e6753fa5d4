import { Suspense, useEffect, useId } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { LineIcon } from '../../../lib/line-icon.tsx';
import type { SignedInUser } from '../../auth/index.ts';
import '../chat.css';
import { lazyPart } from '../../../lib/lazy-part.tsx';
import { whenIdle } from '../../../lib/when-idle.ts';
import { ChatPanelFrame } from './chat-panel-frame.tsx';
import { useChatPanel } from './use-chat-panel.ts';

/**
 * The open panel's code (the conversation, its messages, the offer of notifications): not needed
 * until the chat is opened, so not part of what a page loads before it paints. Fetched once the page
 * is idle, so a press finds it at hand; until then the panel shows its frame, as before the app.
 */
export const { Part: ChatPanel, preload: preloadChatPanel } = lazyPart(
  () => import('./chat-panel.tsx'),
  (module) => module.ChatPanel,
);

/**
 * The chat button (top right, with the unread count) and the panel it opens: a popover
 * (`popovertarget`), so a press opens it before the app's script has arrived too; the app then
 * renders the conversation in it.
 */
function ChatWidgetFor({ userId }: { userId: string | null }) {
  const { t } = useTranslation();
  const { chat, refs } = useChatPanel(userId);
  const { button: buttonRef, input: inputRef, panel: panelRef } = refs;
  const { unread, open, insideRendered } = chat;
  const panelId = useId();
  const titleId = useId();
  useEffect(() => whenIdle(() => void preloadChatPanel(), { after: 1_000 }), []);
  const buttonLabel = unread > 0 ? t('chat.open_unread', { count: unread }) : t('chat.open');
  return (
    <div className="chat">
      <button
        ref={buttonRef}
        type="button"
        className="icon-button chat__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={buttonLabel}
        title={buttonLabel}
        popoverTarget={panelId}
      >
        <LineIcon d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A2.5 2.5 0 0 1 4 13.5z" />
        {unread > 0 ? (
          <span className="chat__dot" data-testid="chat-unread" aria-hidden="true">
            {unread > 9 ? '9+' : unread}
          </span>
        ) : null}
      </button>
      <section
        ref={panelRef}
        id={panelId}
        popover="manual"
        className="chat__panel"
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') chat.close();
        }}
      >
        {insideRendered ? (
          <Suspense fallback={<ChatPanelFrame panelId={panelId} titleId={titleId} />}>
            <ChatPanel chat={chat} inputRef={inputRef} userId={userId} panelId={panelId} titleId={titleId} />
          </Suspense>
        ) : (
          <ChatPanelFrame panelId={panelId} titleId={titleId} />
        )}
      </section>
    </div>
  );
}

/** The chat with Gomeum, on every page: a fresh conversation per signed-in user. */
export function ChatWidget({ user }: { user: SignedInUser }) {
  const userId = user?.id ?? null;
  return <ChatWidgetFor key={userId ?? 'signed-out'} userId={userId} />;
}
