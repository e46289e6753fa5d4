import type { Me } from '@gomeum/contracts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { usePlatformToggle } from '../../../lib/platform-toggle.ts';
import { useLogoutFlow } from '../../auth/index.ts';
import { useDeleteMyAccount, useDownloadMyData } from '../api/account.ts';

/** Longest wait for the home page after a deletion before the user is forgotten anyway. */
const LEAVE_WAIT_MS = 5_000;

/** What the arrow keys move between. */
const MENU_ITEMS = '[role="menuitem"], [role="menuitemcheckbox"]';

/**
 * The account menu's popover as a menu button: its button opens it (`popovertarget`, before the
 * app too), Enter, Space or the arrow keys open it from the keyboard, the arrows move between its
 * items, Escape or a click outside closes it (the platform's), and focus comes back to the button.
 */
export function useMenuPopover() {
  const menu = usePlatformToggle<HTMLDivElement>();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const openAt = useRef<'first' | 'last'>('first');
  const items = () => [...(menu.ref.current?.querySelectorAll<HTMLElement>(MENU_ITEMS) ?? [])];
  const focusItem = (index: number) => {
    const list = items();
    list.at(((index % list.length) + list.length) % list.length)?.focus();
  };
  const close = (returnFocus = true) => {
    menu.hide();
    if (returnFocus) buttonRef.current?.focus();
  };
  useEffect(() => {
    if (!menu.open) return;
    const list = items();
    (openAt.current === 'first' ? list[0] : list.at(-1))?.focus();
    openAt.current = 'first';
    // (Read from the element when it opens: `items` is the same query every render.)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [menu.open]);
  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    openAt.current = event.key === 'ArrowDown' ? 'first' : 'last';
    menu.show();
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
  return { menu, buttonRef, close, onButtonKey, onMenuKey };
}

/**
 * What the account menu does: download the user's data (saying how it went), delete the account
 * (once confirmed: off to the home page, and only once it is on screen is the user forgotten, so a
 * page that wants a signed-in user does not send them elsewhere first), and log out.
 */
export function useAccountActions(user: Me, returnFocus: () => void) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const download = useDownloadMyData();
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const arrived = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (pathname === '/' && new URLSearchParams(search).get('account') === 'deleted') arrived.current?.();
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
  const leave = useLogoutFlow(user, returnFocus);
  const startDownload = () => {
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
  return { confirming, setConfirming, status, download, startDownload, remove, leave };
}
