import { needsTranslation, scriptLanguage, type Language } from '@gomeum/contracts';
import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { useReplyDraft } from '../../../lib/operator/ai-draft.ts';
import { useSavedReplyFor } from '../api/saved-replies.ts';

/**
 * What goes to the user when it is not the box's words as they stand: a drafted reply in the
 * user's language (the box holds its reading in the operator's), or the operator's words
 * translated for them, to check (`review`) before sending.
 */
export interface Outgoing {
  text: string;
  /** The operator's words (the box's), kept as the message's translation back. */
  original: string;
  /** The user's language, as the text is written. */
  language: Language;
  review: boolean;
}

/**
 * The reply box's state: its words, what goes to the user in their place, whether a draft sits
 * there ready; one id per reply until it is stored (a second try after an error is the same reply,
 * never a copy); and a generation each change of the box moves on, so that what was under way for
 * the box before it is stale.
 */
export function useReplyBox() {
  const [box, setBox] = useState('');
  const [outgoing, setOutgoing] = useState<Outgoing | null>(null);
  const [draftReady, setDraftReady] = useState(false);
  const clientIdRef = useRef<string | null>(null);
  const generationRef = useRef(0);
  return { box, setBox, outgoing, setOutgoing, draftReady, setDraftReady, clientIdRef, generationRef };
}

type ReplyBox = ReturnType<typeof useReplyBox>;

/**
 * The AI's draft into the box: once per opening, when the user spoke last, and never over what the
 * operator wrote. The finished draft is in the user's language: the box gets its reading in the
 * operator's (`reading`), and the draft goes as written.
 */
export function useDraftInBox(userId: string, waitsForGomeum: boolean, reading: Language, state: ReplyBox) {
  const { setBox, setOutgoing, setDraftReady, clientIdRef, generationRef } = state;
  const readDraft = async (text: string) => {
    const mine = (generationRef.current += 1);
    if (!needsTranslation(text, reading)) {
      setDraftReady(true);
      return;
    }
    const translation = await api(operatorRoutes.translateText, { body: { text, to: reading } }).catch(() => null);
    if (mine !== generationRef.current) return;
    if (translation?.status === 'translated') {
      setBox(translation.text);
      setOutgoing({ text, original: translation.text, language: scriptLanguage(text) ?? 'en', review: false });
    }
    setDraftReady(true);
  };
  const draft = useReplyDraft(
    userId,
    (text) => {
      clientIdRef.current = null;
      setOutgoing(null);
      setBox(text);
    },
    (text) => void readDraft(text),
  );

  const asked = useRef(false);
  const { start: startDraft } = draft;
  const boxEmpty = !state.box.trim();
  useEffect(() => {
    if (!waitsForGomeum || asked.current || !boxEmpty) return;
    asked.current = true;
    startDraft();
  }, [waitsForGomeum, startDraft, boxEmpty]);
  return draft;
}

/**
 * A saved reply, filled in for the user, in place of the `/` typed: ready to send as it is. Alone
 * in the box, it goes in the user's language as written there; with words of the operator's,
 * translated.
 */
export function useInsertSaved(userId: string, reading: Language, state: ReplyBox, cancelDraft: () => void) {
  const { setBox, setOutgoing, setDraftReady, clientIdRef, generationRef } = state;
  const fillSaved = useSavedReplyFor(userId, reading);
  return async (prefix: string, id: string) => {
    const mine = (generationRef.current += 1);
    cancelDraft();
    const filled = await fillSaved(id).catch(() => null);
    if (!filled || mine !== generationRef.current) return;
    const text = `${prefix}${filled.reading}`;
    clientIdRef.current = null;
    setBox(text);
    const alone = prefix.trim() === '';
    setOutgoing(
      alone && filled.text !== filled.reading
        ? { text: filled.text, original: text, language: filled.language, review: false }
        : null,
    );
    setDraftReady(alone);
  };
}
