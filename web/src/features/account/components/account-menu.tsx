import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocation, useSearch } from 'wouter';
import { ApiError } from '../../../lib/api-client.ts';
import { useLogoutFlow, useMe } from '../../auth/index.ts';
import { useDeleteMyAccount, useDownloadMyData } from '../api/account.ts';
import { DeleteAccountDialog } from './delete-account-dialog.lazy.ts';
import { NotificationsItem } from './notifications-item.tsx';
import '../account.css';

/** Longest wait for the home page after a deletion before the user is forgotten anyway. */
const LEAVE_WAIT_MS = 5_000;

/** What the arrow keys move between. */
const MENU_ITEMS = '[role="menuitem"], [role="menuitemcheckbox"]';

/**
 * The account menu in the top bar (signed in, guests included): notifications on or off,
 * download my data, delete my account, log out. A menu button: Enter, Space or the arrow keys open it, the arrows move between items,
 * Escape closes it and gives focus back to the button.
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const me = useMe();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const download = useDownloadMyData();
  // Off to the home page (which says the account is gone), and only once it is on screen is the
  // user forgotten: a page that wants a signed-in user would otherwise send them elsewhere first.
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const arrived = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (pathname === '/' && new URLSearchParams(search).get('account') === 'deleted') {
      arrived.current?.();
    }
  }, [pathname, search]);
  const remove = useDeleteMyAccount(
    () =>
      new Promise<void>((resolve) => {
        // Whichever comes first, the page or the wait's end; the other is called off.
        const done = () => {
          clearTimeout(timer);
          arrived.current = null;
          resolve();
        };
        const timer = setTimeout(done, LEAVE_WAIT_MS);
        arrived.current = done;
        navigate('/?account=deleted', { replace: true });
      }),
  );
  const buttonRef = useRef<HTMLButtonElement>(null);
  const leave = useLogoutFlow(() => buttonRef.current?.focus());
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const buttonId = useId();

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>(MENU_ITEMS) ?? [])];
  const focusItem = (index: number) => {
    const list = items();
    list.at(((index % list.length) + list.length) % list.length)?.focus();
  };
  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  // A click outside closes the menu.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const openAt = useRef<'first' | 'last'>('first');
  useEffect(() => {
    if (!open) return;
    const list = menuRef.current?.querySelectorAll<HTMLElement>(MENU_ITEMS);
    (openAt.current === 'first' ? list?.[0] : list?.[list.length - 1])?.focus();
  }, [open]);

  if (!me.data) return null;
  const user = me.data;
  const who = user.isGuest ? t('account_menu.guest', { id: user.guestId ?? '' }) : (user.email ?? '');

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt.current = event.key === 'ArrowDown' ? 'first' : 'last';
      setOpen(true);
    }
  };
  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') focusItem(index + 1);
    else if (event.key === 'ArrowUp') focusItem(index - 1);
    else if (event.key === 'Home') focusItem(0);
    else if (event.key === 'End') focusItem(-1);
    else if (event.key === 'Escape') close();
    else if (event.key === 'Tab') close(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  const startDownload = () => {
    close();
    setStatus(t('account_menu.downloading'));
    download.mutate(undefined, {
      onSuccess: () => setStatus(t('account_menu.download_done')),
      onError: (error) =>
        setStatus(
          error instanceof ApiError && error.code === 'errors.rate_limited'
            ? t('errors.rate_limited')
            : t('account_menu.download_failed'),
        ),
    });
  };

  return (
    <div className="account-menu">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="icon-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('account_menu.open')}
        title={t('account_menu.open')}
        onClick={() => {
          openAt.current = 'first';
          setOpen(!open);
        }}
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
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          className="account-menu__list"
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKey}
        >
          <p className="account-menu__who" role="presentation">
            {t('account_menu.signed_in_as', { who })}
          </p>
          <NotificationsItem />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="account-menu__item"
            disabled={download.isPending}
            onClick={startDownload}
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
                setConfirming(true);
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
      ) : null}
      {leave.dialog}
      <p className="account-menu__status" role="status">
        {status}
      </p>
      {confirming ? (
        <Suspense fallback={null}>
          <DeleteAccountDialog
            title={t('account_menu.delete_title')}
            askPassword={!user.isGuest}
            warning={
              <>
                <p>{t('account_menu.delete_warning')}</p>
                {user.isGuest ? (
                  <p className="account-dialog__strong">{t('account_menu.delete_warning_guest')}</p>
                ) : null}
                {!user.isGuest ? <p className="muted">{t('account_menu.delete_hint_download')}</p> : null}
              </>
            }
            onClose={() => {
              setConfirming(false);
              buttonRef.current?.focus();
            }}
            onConfirm={async (password) => {
              await remove.mutateAsync(password);
              setConfirming(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
