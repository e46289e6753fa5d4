import { proofFieldsSchema, type PlanetId } from '@gomeum/contracts';
import { useEffect, useState, type SyntheticEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { todayIso } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useUpload } from '../../../lib/upload-progress.tsx';
import { UploadCancelled } from '../../../lib/upload-request.ts';
import { useMe } from '../../auth/index.ts';
import { useSubmitProof } from '../api/submit-proof.ts';
import { proofDrafts } from './proof-draft.ts';

/** The image types a proof's photo may be. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** Errors a user can fix in the form say what to fix; any other failure is the spec's "Failed to submit task". */
const SPECIFIC_ERRORS = new Set<string>([
  'errors.offline',
  'errors.rate_limited',
  'errors.payload_too_large',
  'errors.unsupported_media_type',
  'upload.error_not_image',
  'upload.error_too_large',
  'upload.error_busy',
  'upload.error_queue_full',
  'task.error_not_confirmed',
  'task.error_too_long',
  'task.error_fill_all',
  'errors.storage_full',
]);

/** What the server answers a proof with: the new log entry and the task. */
type SentProof = NonNullable<ReturnType<typeof useSubmitProof>['data']>;

/** Why the last send failed: the words, and whether it was because the session had ended. */
interface Failure {
  text: string;
  sessionEnded: boolean;
}

/**
 * The proof form's state and sending: its fields (kept as a draft while it is written, so a session
 * that ended or a page left loses nothing), which ones are missing once a send was tried, and why a
 * send failed. `errors.unauthorized` means the session ended: the form says so and the person signs in again.
 */
export function useProofForm(planet: PlanetId, onDone: (sent: SentProof) => void, onCancel: () => void) {
  const { t } = useTranslation();
  const userId = useMe().data?.id ?? null;
  const submit = useSubmitProof(planet);
  const upload = useUpload();
  const [kept] = useState(() => proofDrafts.read(userId, planet));
  const [date, setDate] = useState(() => kept?.date ?? todayIso());
  const [title, setTitle] = useState(kept?.title ?? '');
  const [content, setContent] = useState(kept?.content ?? '');
  const [image, setImage] = useState<File | null>(kept?.image ?? null);
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  const written = title !== '' || content !== '' || image !== null;
  useEffect(() => {
    proofDrafts.keep(userId, planet, written ? { date, title, content, image } : null);
  }, [userId, planet, written, date, title, content, image]);

  // Derived, not stored: a field fixed is a field no longer marked.
  const missing = { title: title.trim() === '', content: content.trim() === '' };
  const incomplete = tried && (missing.title || missing.content);
  const wrongImage = image !== null && !IMAGE_TYPES.includes(image.type);
  const error = incomplete ? t('task.error_fill_all') : wrongImage ? t('upload.error_not_image') : failure?.text;

  const failed = (cause: unknown) => {
    if (cause instanceof UploadCancelled) return setFailure({ text: t('upload.cancelled'), sessionEnded: false });
    if (cause instanceof ApiError && cause.code === 'errors.unauthorized') {
      return setFailure({ text: t('task.error_session_ended'), sessionEnded: true });
    }
    const code = cause instanceof ApiError ? cause.code : null;
    setFailure({ text: code && SPECIFIC_ERRORS.has(code) ? t(code) : t('task.error_submit'), sessionEnded: false });
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    const parsed = proofFieldsSchema.safeParse({ date, title, content });
    if (!parsed.success || wrongImage) return;
    submit.mutate(
      // Leaving the form stops the sending; a photo's upload shows its progress and can be stopped.
      { ...parsed.data, image, options: upload.start() },
      {
        onSuccess: (sent) => {
          proofDrafts.keep(userId, planet, null);
          onDone(sent);
        },
        onError: failed,
        onSettled: upload.end,
      },
    );
  };

  const cancel = () => {
    proofDrafts.keep(userId, planet, null);
    onCancel();
  };

  const chooseImage = (file: File | null) => {
    setImage(file);
    setFailure(null);
  };

  return {
    fields: { date, title, content, image },
    set: { date: setDate, title: setTitle, content: setContent, image: chooseImage },
    missing,
    tried,
    error,
    sessionEnded: failure?.sessionEnded === true,
    sending: submit.isPending,
    uploadBar: upload.bar,
    onSubmit,
    cancel,
  };
}
