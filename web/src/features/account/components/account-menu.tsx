import { Suspense, useId } from 'react';
import type { Me } from '@gomeum/contracts';
import { useTranslation } from '../../../lib/i18n.ts';
import { DeleteAccountDialog } from './delete-account-dialog.lazy.ts';
import { NotificationsItem } from './notifications-item.tsx';
import { useAccountActions, useMenuPopover } from './use-account-menu.ts';
import '../account.css';

/**
 * The account menu in the top bar of the signed-in `user` (guests included): notifications on or
 * off, download my data, delete my account, log out; a menu button whose menu is a popover (see
 * `useMenuPopover`).
 */
export function AccountMenu({ user }: { user: Me }) {
  const { t } = useTranslation();
  const { menu, buttonRef, close, onButtonKey, onMenuKey } = useMenuPopover();
  const { ref: menuRef, open: menuOpen } = menu;
  const actions = useAccountActions(user, () => buttonRef.current?.focus());
  const { leave, download } = actions;
  const menuId = useId();
  const buttonId = useId();
  const who = user.isGuest ? t('account_menu.guest', { id: user.guestId ?? '' }) : (user.email ?? '');
  return (
    <div className="account-menu">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="icon-button account-menu__button"
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        aria-controls={menuId}
        aria-label={t('account_menu.open')}
        title={t('account_menu.open')}
        popoverTarget={menuId}
        onKeyDown={onButtonKey}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
          <path
            d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
      <div
        ref={menuRef}
        id={menuId}
        popover="auto"
        className="account-menu__list"
        role="menu"
        aria-labelledby={buttonId}
        onKeyDown={onMenuKey}
      >
        <p className="account-menu__who" role="presentation">
          {t('account_menu.signed_in_as', { who })}
        </p>
        <NotificationsItem menuOpen={menuOpen} />
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          className="account-menu__item"
          disabled={download.isPending}
          onClick={() => {
            close();
            actions.startDownload();
          }}
        >
          {t('account_menu.download')}
        </button>
        {user.role !== 'operator' ? (
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="account-menu__item account-menu__item--danger"
            onClick={() => {
              close();
              actions.setConfirming(true);
            }}
          >
            {t('account_menu.delete')}
          </button>
        ) : null}
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          className="account-menu__item account-menu__item--separated"
          disabled={leave.pending}
          onClick={() => {
            close();
            leave.start();
          }}
        >
          {leave.label}
        </button>
      </div>
      {leave.dialog}
      <p className="account-menu__status" role="status">
        {actions.status}
      </p>
      {actions.confirming ? (
        <DeleteAccount user={user} actions={actions} returnFocus={() => buttonRef.current?.focus()} />
      ) : null}
    </div>
  );
}

/** Asks before deleting the account (its password for an account; a last warning for a guest). */
function DeleteAccount({
  user,
  actions,
  returnFocus,
}: {
  user: Me;
  actions: ReturnType<typeof useAccountActions>;
  returnFocus: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={null}>
      <DeleteAccountDialog
        title={t('account_menu.delete_title')}
        askPassword={!user.isGuest}
        warning={
          <>
            <p>{t('account_menu.delete_warning')}</p>
            {user.isGuest ? <p className="account-dialog__strong">{t('account_menu.delete_warning_guest')}</p> : null}
            {!user.isGuest ? <p className="muted">{t('account_menu.delete_hint_download')}</p> : null}
          </>
        }
        onClose={() => {
          actions.setConfirming(false);
          returnFocus();
        }}
        onConfirm={async (password) => {
          await actions.remove.mutateAsync(password);
          actions.setConfirming(false);
        }}
      />
    </Suspense>
  );
}
