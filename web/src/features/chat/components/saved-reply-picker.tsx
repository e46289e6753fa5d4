import type { SavedReply } from '@gomeum/contracts';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useReadingLanguage } from '../../../lib/operator/translated.tsx';
import { useSavedReplies } from '../api/saved-replies.ts';

/** `/` and a few letters at the end of the box, after a space or at its start. */
const SLASH = /(^|\s)\/([a-z0-9_-]*)$/;
const SHOWN = 6;

/**
 * Saved replies offered while the box ends with `/` and the first letters of a shortcut: the arrow
 * keys choose, Enter or Tab inserts (`onChoose`, with the box's text before the `/`), Escape closes.
 */
export function useSlashReplies(box: string, onChoose: (prefix: string, reply: SavedReply) => void) {
  const replies = useSavedReplies();
  const id = useId();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const match = SLASH.exec(box);
  const query = match?.[2];
  const options =
    query === undefined || dismissed === box
      ? []
      : (replies.data ?? []).filter((reply) => reply.shortcut.startsWith(query)).slice(0, SHOWN);
  const at = Math.min(active, Math.max(0, options.length - 1));
  const prefix = match ? box.slice(0, match.index + (match[1]?.length ?? 0)) : box;
  const choose = (reply: SavedReply) => {
    setActive(0);
    onChoose(prefix, reply);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (options.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((at + step + options.length) % options.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      const reply = options[at];
      if (!reply || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      choose(reply);
    } else if (event.key === 'Escape') {
      // Closes the list only; the conversation stays open.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(box);
    }
  };
  const listId = `${id}-saved`;
  const optionId = (index: number) => `${id}-saved-${index}`;
  const inputProps =
    options.length > 0
      ? ({
          role: 'combobox',
          'aria-autocomplete': 'list',
          'aria-expanded': true,
          'aria-controls': listId,
          'aria-activedescendant': optionId(at),
        } as const)
      : {};
  return { options, at, choose, onKeyDown, listId, optionId, inputProps };
}

/** The saved replies offered for what follows the `/`, each with its words in the operator's language. */
export function SavedReplyOptions({ slash }: { slash: ReturnType<typeof useSlashReplies> }) {
  const { t } = useTranslation();
  const reading = useReadingLanguage();
  if (slash.options.length === 0) return null;
  return (
    <ul id={slash.listId} role="listbox" className="saved-replies__options" aria-label={t('dashboard.saved_replies')}>
      {slash.options.map((reply, index) => (
        <li
          key={reply.id}
          id={slash.optionId(index)}
          role="option"
          aria-selected={index === slash.at}
          className="saved-replies__option"
          onMouseDown={(event) => {
            // Chosen without taking the focus from the box.
            event.preventDefault();
            slash.choose(reply);
          }}
        >
          <strong>/{reply.shortcut}</strong>{' '}
          <span className="muted">{reply.texts[reading] ?? reply.texts.en ?? Object.values(reply.texts)[0]}</span>
        </li>
      ))}
    </ul>
  );
}
