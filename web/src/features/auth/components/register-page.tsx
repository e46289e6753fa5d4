import { WEB_ROUTES } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'wouter';
import { GomeumCat, MoodSky } from '../../../lib/illustrations/index.ts';
import { Field } from '../../../lib/field.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useRegisterForm } from './use-register-form.ts';

/**
 * `/register`: register or log in with email and password, or enter as a guest. It works before
 * its script has started, as a page of links and forms: the switch between logging in and
 * registering is a link (`?mode=`), and the forms are posted by the browser itself, to the same
 * routes, which then answer with the page to go to (an error comes back as `?error=`). Once the
 * app has the page, the same controls are the app's.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const { mode, otherMode, isGuest, next, formError, clearError, pending, onSubmit, onGuest } = useRegisterForm();
  const errorId = useId();

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
          <form
            className="form"
            method="post"
            action={mode === 'login' ? routes.login.path : routes.register.path}
            onSubmit={onSubmit}
            noValidate
          >
            <Field label={t('register.email')}>
              <input
                className="input"
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
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
          <Link
            className="button button--link"
            to={`${WEB_ROUTES.register}?mode=${otherMode}${next ? `&next=${encodeURIComponent(next)}` : ''}`}
            replace
            aria-disabled={pending ? true : undefined}
            onClick={(event) => {
              if (pending) event.preventDefault();
              else clearError();
            }}
          >
            {mode === 'login' ? t('register.switch_to_register') : t('register.switch_to_login')}
          </Link>
          <div className="divider" role="separator">
            <span>{t('register.or')}</span>
          </div>
          <form className="auth-card__guest" method="post" action={routes.guest.path} onSubmit={onGuest}>
            <button className="button button--ghost" type="submit" disabled={pending}>
              {t('register.guest_button')}
            </button>
          </form>
          <p className="auth-card__note">{t('register.guest_note')}</p>
          <Link className="auth-card__back" to="/">
            {t('common.back_home')}
          </Link>
        </section>
      </main>
    </MoodSky>
  );
}
