import { registerBodySchema, loginBodySchema, isErrorCode } from '@gomeum/contracts';
import { useState, type SyntheticEvent } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useMe } from '../api/get-me.ts';
import { useSignIn } from '../api/sign-in.ts';
import { returnPath } from '../return-to.ts';

export type Mode = 'login' | 'register';

/** The mode an address asks for (`?mode=`), if any. */
function modeOf(value: string | null): Mode | null {
  return value === 'login' || value === 'register' ? value : null;
}

/**
 * What `/register` does: logging in or registering (the mode the address asks for, else
 * registering for a guest and logging in for everyone else), or entering as a guest; the fields
 * checked with the shared schemas before anything is sent, the error said in the visitor's
 * language, and on success the page to go to (`?next=` when a session ended and the visitor signs
 * in again, else where the server says).
 */
export function useRegisterForm() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const signIn = useSignIn();
  const me = useMe();
  const isGuest = me.data?.isGuest === true;
  const [params] = useSearchParams();
  const mode: Mode = modeOf(params.get('mode')) ?? (isGuest ? 'register' : 'login');
  // What the server said of a form the browser posted itself, else what the app finds.
  const [formError, setFormError] = useState<string | null>(() => {
    const sent = params.get('error');
    return sent ? (isErrorCode(sent) ? t(sent) : t('errors.server')) : null;
  });

  const errorText = (code: string) => (isErrorCode(code) ? t(code) : t('errors.server'));
  const otherMode: Mode = mode === 'login' ? 'register' : 'login';
  // Signing in again after a session ended goes back to the page that asked (`?next=`).
  const next = returnPath(params.get('next'));
  const callbacks = {
    onSuccess: (result: { redirectTo: string }) => navigate(next ?? result.redirectTo, { replace: true }),
    onError: (error: Error) => setFormError(errorText(error instanceof ApiError ? error.code : 'errors.server')),
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const schema = mode === 'register' ? registerBodySchema : loginBodySchema;
    // The fields as they are (uncontrolled): what was typed before the app had the page counts too.
    const fields = new FormData(event.currentTarget);
    const parsed = schema.safeParse({ email: fields.get('email'), password: fields.get('password') });
    if (!parsed.success) {
      const codes = parsed.error.issues.map((issue) => issue.message);
      setFormError(
        errorText(codes.includes('register.error_missing_fields') ? 'register.error_missing_fields' : (codes[0] ?? '')),
      );
      return;
    }
    signIn.mutate({ mode, body: parsed.data }, callbacks);
  };

  const onGuest = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    signIn.mutate({ mode: 'guest' }, callbacks);
  };

  return {
    mode,
    otherMode,
    isGuest,
    /** Where to go back to after signing in (`?next=`), kept when switching mode. */
    next,
    formError,
    clearError: () => setFormError(null),
    pending: signIn.isPending,
    onSubmit,
    onGuest,
  };
}
