import { registerBodySchema, loginBodySchema, isErrorCode } from '@gomeum/contracts';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useLocation } from 'wouter';
import { GomeumCat, MoodSky } from '../../../lib/illustrations/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useMe } from '../api/get-me.ts';
import { useSignIn } from '../api/sign-in.ts';
import { Field } from '../../../lib/field.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';

type Mode = 'login' | 'register';

/** `/register`: register or log in with email and password, or enter as a guest. */
export function RegisterPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const signIn = useSignIn();
  const me = useMe();
  const isGuest = me.data?.isGuest === true;
  // Until the visitor picks, a guest (who most likely wants to keep what they did) sees
  // registering first and everyone else logging in.
  const [chosenMode, setMode] = useState<Mode | null>(null);
  const mode: Mode = chosenMode ?? (isGuest ? 'register' : 'login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const errorId = useId();
  const pending = signIn.isPending;

  const errorText = (code: string) => (isErrorCode(code) ? t(code) : t('errors.server'));

  const finish = (redirectTo: string) => {
    navigate(redirectTo, { replace: true });
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const schema = mode === 'register' ? registerBodySchema : loginBodySchema;
    const parsed = schema.safeParse({ email, password });
    if (!parsed.success) {
      const codes = parsed.error.issues.map((issue) => issue.message);
      setFormError(
        errorText(codes.includes('register.error_missing_fields') ? 'register.error_missing_fields' : (codes[0] ?? '')),
      );
      return;
    }
    signIn.mutate(
      { mode, body: parsed.data },
      {
        onSuccess: (result) => finish(result.redirectTo),
        onError: (error) => setFormError(errorText(error instanceof ApiError ? error.code : 'errors.server')),
      },
    );
  };

  const onGuest = () => {
    setFormError(null);
    signIn.mutate(
      { mode: 'guest' },
      {
        onSuccess: (result) => finish(result.redirectTo),
        onError: (error) => setFormError(errorText(error instanceof ApiError ? error.code : 'errors.server')),
      },
    );
  };

  const switchMode = () => {
    setMode(mode === 'login' ? 'register' : 'login');
    setFormError(null);
  };

  useDocumentTitle(mode === 'login' ? t('register.login_title') : t('register.register_title'));
  return (
    <MoodSky scene="quiet-night">
      <main className="page page--centered">
        <section className="panel auth-card" aria-labelledby="auth-title">
          <GomeumCat pose="sit" size={88} className="auth-card__cat" />
          <h1 id="auth-title" className="auth-card__title">
            {mode === 'login' ? t('register.login_title') : t('register.register_title')}
          </h1>
          <p className="auth-card__lead">{mode === 'login' ? t('register.login_lead') : t('register.register_lead')}</p>
          {isGuest && mode === 'register' ? (
            <p className="auth-card__notice">{t('register.guest_upgrade_note')}</p>
          ) : null}
          <form className="form" onSubmit={onSubmit} noValidate>
            <Field label={t('register.email')}>
              <input
                className="input"
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={formError ? true : undefined}
                aria-describedby={formError ? errorId : undefined}
              />
            </Field>
            <Field label={t('register.password')}>
              <input
                className="input"
                type="password"
                name="password"
                autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={formError ? true : undefined}
                aria-describedby={formError ? errorId : undefined}
              />
              {mode === 'register' ? <span className="field__hint">{t('register.password_hint')}</span> : null}
            </Field>
            <p id={errorId} className="form__error" role="alert">
              {formError}
            </p>
            <button className="button button--primary" type="submit" disabled={pending}>
              {pending
                ? t('common.please_wait')
                : mode === 'login'
                  ? t('register.login_button')
                  : t('register.register_button')}
            </button>
          </form>
          <button className="button button--link" type="button" onClick={switchMode} disabled={pending}>
            {mode === 'login' ? t('register.switch_to_register') : t('register.switch_to_login')}
          </button>
          <div className="divider" role="separator">
            <span>{t('register.or')}</span>
          </div>
          <button className="button button--ghost" type="button" onClick={onGuest} disabled={pending}>
            {t('register.guest_button')}
          </button>
          <p className="auth-card__note">{t('register.guest_note')}</p>
          <Link className="auth-card__back" to="/">
            {t('common.back_home')}
          </Link>
        </section>
      </main>
    </MoodSky>
  );
}
