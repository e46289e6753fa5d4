import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { WEB_ROUTES } from '@gomeum/contracts';
import { Link, useLocation, useSearch } from 'wouter';
import { AccountMenu, GuestMergeGate, KeepProgressLink } from '../features/account/index.ts';
import { useFollowSessionEnd, useMe, type SignedInUser } from '../features/auth/index.ts';
import { DiaryButton } from '../features/updates/index.ts';
import { BroadcastToasts } from '../features/notifications/index.ts';
import { PushSync } from '../features/push/index.ts';
import { ChatWidget } from '../features/chat/index.ts';
import { LanguageControl } from '../features/language/index.ts';
import { reportVisit } from '../features/visits/index.ts';
import { LiveProvider } from '../lib/live/index.ts';
import './app-shell.css';
import { LineIcon } from '../lib/line-icon.tsx';
import { AppOnly, HydrationMark } from '../lib/hydration.tsx';
import { ScrollToTop } from '../lib/scroll-to-top.tsx';
import { inTaskOfItsOwn } from '../lib/when-idle.ts';
import { OperatorAppLaunch } from './app-launch.tsx';

/**
 * Reports every navigation of a signed-in user (guests included) as a page visit: once per page
 * opened, after the user is known, and not for the page on which they only just signed in.
 */
function VisitReporting() {
  const [pathname] = useLocation();
  const search = useSearch();
  const me = useMe();
  const signedIn = Boolean(me.data);
  const known = !me.isPending;
  const page = `${pathname}${search ? `?${search}` : ''}`;
  const lastPage = useRef<string | null>(null);
  useEffect(() => {
    if (!known || lastPage.current === page) return;
    lastPage.current = page;
    // A page's first request costs the main thread a moment. (Never cancelled: the page was opened.)
    if (signedIn) inTaskOfItsOwn(() => void reportVisit(page));
  }, [page, known, signedIn]);
  return null;
}

/** Signs this tab out when its session ends elsewhere (it needs the live channel above it). */
function SessionWatch() {
  useFollowSessionEnd();
  return null;
}

/**
 * Whether the page has scrolled away from its top, read from a marker at the top of the page with
 * an IntersectionObserver (no work per scroll event): content then runs under the top bar, which
 * takes a surface so its buttons stay readable.
 */
function useScrolledPast() {
  const marker = useRef<HTMLDivElement>(null);
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const element = marker.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setScrolled(!entry?.isIntersecting));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { marker, scrolled };
}

/**
 * The top bar's element. Its `data-scrolled` is also set from an effect: a bar the server rendered
 * keeps the rendered attributes when hydrated (hydration patches text, not attributes),
 * so a page scrolled before then would otherwise leave the bar without its surface.
 */
function TopBar({ scrolled, children }: { scrolled: boolean; children: ReactNode }) {
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    if (scrolled) bar.current?.setAttribute('data-scrolled', 'true');
    else bar.current?.removeAttribute('data-scrolled');
  }, [scrolled]);
  return (
    <header ref={bar} className="top-bar" data-scrolled={scrolled ? 'true' : undefined}>
      {children}
    </header>
  );
}

/**
 * The way home from every page: a signed-in user's galaxy (a visitor's home page). Not shown on
 * that page itself.
 */
function HomeLink({ user, pending }: { user: SignedInUser; pending: boolean }) {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const home = user ? WEB_ROUTES.galaxy : WEB_ROUTES.home;
  if (pending || pathname === home) return null;
  const label = user ? t('common.to_galaxy') : t('common.home');
  return (
    <Link className="icon-button top-bar__home" to={home} aria-label={label} title={label}>
      <LineIcon d="M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-5.5h3V20h5V9.5" />
    </Link>
  );
}

/** The operator's way back to the dashboard from any user page (not shown on the dashboard itself). */
function DashboardLink() {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  if (pathname === WEB_ROUTES.dashboard) return null;
  return (
    <Link className="top-bar__pill" to={WEB_ROUTES.dashboard}>
      <LineIcon d="M4 13h6V4H4zM14 20h6v-9h-6zM4 20h6v-3H4zM14 4v3h6V4z" size={18} />
      {t('common.dashboard')}
    </Link>
  );
}

/**
 * The frame around every page: skip link, the top bar's controls, then the page. The operator is
 * Gomeum: they get a way back to the dashboard instead of the user's chat with Gomeum.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  // Read once here and handed to the top bar's controls: one subscription to who is signed in.
  const me = useMe();
  const user = me.data;
  const isOperator = user?.role === 'operator';
  const { marker, scrolled } = useScrolledPast();
  return (
    <LiveProvider userId={user?.id ?? null}>
      <HydrationMark />
      <div ref={marker} className="top-marker" aria-hidden="true" />
      <a className="skip-link" href="#content">
        {t('common.skip_to_content')}
      </a>
      {/* Suspense boundaries: on a page the server rendered, the bar and the page hydrate apart. */}
      <Suspense fallback={null}>
        <HydrationMark />
        <TopBar scrolled={scrolled}>
          <div className="top-bar__start">
            <HomeLink user={user} pending={me.isPending} />
            {/* A boundary of its own: the diary's reads make it the bar's costliest control to hydrate. */}
            <Suspense fallback={null}>
              <HydrationMark />
              <DiaryButton user={user} />
            </Suspense>
            <KeepProgressLink user={user} />
            {isOperator ? <DashboardLink /> : null}
          </div>
          <nav className="top-bar__end" aria-label={t('common.toolbar')}>
            <LanguageControl user={user} />
            {user ? (
              <Suspense fallback={null}>
                <HydrationMark />
                <AccountMenu user={user} />
              </Suspense>
            ) : null}
            {isOperator ? null : (
              <Suspense fallback={null}>
                <HydrationMark />
                <ChatWidget user={user} />
              </Suspense>
            )}
          </nav>
        </TopBar>
      </Suspense>
      <Suspense fallback={null}>
        <HydrationMark />
        <div id="content" className="app-content">
          {children}
        </div>
      </Suspense>
      {/* The operator sent the broadcast: they are not told about it again. */}
      {isOperator ? null : (
        <Suspense fallback={null}>
          <HydrationMark />
          <BroadcastToasts />
        </Suspense>
      )}
      {/* What shows nothing at first renders after hydration (each in a task of its own). */}
      <AppOnly>
        <VisitReporting />
        <SessionWatch />
        <OperatorAppLaunch />
      </AppOnly>
      <AppOnly>
        <GuestMergeGate />
        <PushSync />
      </AppOnly>
      {/* A newly opened page starts at its top (back and forward: the browser's own restoration). */}
      <ScrollToTop />
    </LiveProvider>
  );
}
