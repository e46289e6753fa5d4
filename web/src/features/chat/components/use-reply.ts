import type { Language } from '@gomeum/contracts';
import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { useState } from 'react';
import { api, ApiError } from '../../../lib/api-client.ts';
import { newClientId } from '../../../lib/client-id.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useReadingLanguage } from '../../../lib/operator/translated.tsx';
import { useSendAsGomeum } from '../api/chat-inbox.ts';
import { useTypingSender } from '../api/companion-live.ts';
import { useDraftInBox, useInsertSaved, useReplyBox } from './use-reply-box.ts';

/**
 * The reply box of a conversation: a reply drafted by the AI in the user's language, shown in the
 * operator's (sent with one press); the operator's own words translated into the user's language
 * for review before they go (or sent as written); sending, with one id per reply until stored.
 */
export function useReply(userId: string, waitsForGomeum: boolean, onSent?: () => void) {
  const { t } = useTranslation();
  const reading = useReadingLanguage();
  const send = useSendAsGomeum(userId);
  const typing = useTypingSender(userId);
  const state = useReplyBox();
  const { box, setBox, outgoing, setOutgoing, draftReady, setDraftReady, clientIdRef, generationRef } = state;
  const [translating, setTranslating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const draft = useDraftInBox(userId, waitsForGomeum, reading, state);
  const insertSaved = useInsertSaved(userId, reading, state, draft.cancel);
  const boxEmpty = !box.trim();

  const deliver = (content: string, original?: { text: string; language: Language }) => {
    setError(null);
    typing.stop();
    draft.cancel();
    clientIdRef.current ??= newClientId();
    send.mutate(
      { content, clientId: clientIdRef.current, ...(original ? { original } : {}) },
      {
        onSuccess: () => {
          clientIdRef.current = null;
          generationRef.current += 1;
          setBox('');
          setOutgoing(null);
          setDraftReady(false);
          onSent?.();
        },
        onError: (failure) => {
          const code = failure instanceof ApiError ? failure.code : 'errors.server';
          setError(t(code === 'errors.server' ? 'dashboard.save_failed' : code));
        },
      },
    );
  };

  /** Send: the draft as drafted; else the box's words, translated for review first when the user reads another language. */
  const submit = async () => {
    const content = box.trim();
    if (!content || send.isPending || translating) return;
    if (outgoing && !outgoing.review && outgoing.original === box) {
      deliver(outgoing.text, { text: content, language: reading });
      return;
    }
    const mine = (generationRef.current += 1);
    setTranslating(true);
    const body = { text: content };
    const translation = await api(operatorRoutes.translateForUser, { params: { userId }, body }).catch(() => null);
    setTranslating(false);
    if (mine !== generationRef.current) return;
    if (translation?.status === 'translated') {
      setOutgoing({ text: translation.text, original: content, language: translation.to, review: true });
    } else deliver(content);
  };

  const edit = (value: string) => {
    clientIdRef.current = null;
    generationRef.current += 1;
    setBox(value);
    setOutgoing(null);
    setDraftReady(false);
    // The operator's own words: a draft still being written stops; the user sees Gomeum typing.
    draft.cancel();
    if (value.trim()) typing.keystroke();
    else typing.stop();
  };

  return {
    box,
    edit,
    outgoing,
    /** The translation under review, edited. */
    editOutgoing: (text: string) => setOutgoing((now) => (now ? { ...now, text } : now)),
    sendOutgoing: () => {
      if (outgoing?.text.trim()) deliver(outgoing.text.trim(), { text: outgoing.original, language: reading });
    },
    sendAsWritten: () => deliver(box.trim()),
    submit,
    insertSaved,
    /** A drafted reply sits in the box, untouched and ready: one press sends it. */
    draftReady: draftReady && !boxEmpty && !outgoing?.review,
    translating,
    pending: send.isPending,
    error,
    draft,
  };
}
