import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { WEB_ROUTES } from '@gomeum/contracts';
import { Link, useSearchParams } from 'wouter';
// The dashboard's frame and the operator kit first: each screen's own rules come after them.
import './dashboard.css';
import '../../../lib/operator/shared.css';
import { useLiveEvent } from '../../../lib/live/index.ts';
import { GomeumCat, StarField } from '../../../lib/illustrations/index.ts';
import { useUnreadTotal } from '../../chat/operator.ts';
import { useRefreshWaitingProofs, useWaitingProofs } from '../../tasks/operator.ts';
import { BroadcastSection } from '../../notifications/operator.ts';
import { UserDataActions } from '../../account/operator.ts';
import { ChatSection, PresenceSwitch } from '../../chat/operator.ts';
import { OperatorAlertsSwitch } from '../../push/operator.ts';
import { DashboardToasts } from '../../../lib/operator/dashboard-toasts.tsx';
import { GomeumTaskSection, ProofsSection, QueueProof } from '../../tasks/operator.ts';
import { MoonSection } from '../../moon/operator.ts';
import { UpdatesSection } from '../../updates/operator.ts';
import { OverviewSection } from './overview-section.tsx';
import { UsersSection } from './users-section.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useOperatorManifest } from '../operator-manifest.ts';

/** The dashboard's sections, in the order of the navigation. */
const SECTIONS = ['overview', 'proofs', 'users', 'chat', 'moon', 'gomeum-tasks', 'broadcast', 'updates'] as const;
type Section = (typeof SECTIONS)[number];

const LABELS = {
  overview: 'dashboard.section_overview',
  proofs: 'dashboard.section_proofs',
  users: 'dashboard.section_users',
  chat: 'dashboard.section_chat',
  moon: 'dashboard.section_moon',
  broadcast: 'dashboard.section_broadcast',
  updates: 'dashboard.section_updates',
  'gomeum-tasks': 'dashboard.section_gomeum_tasks',
} as const satisfies Record<Section, string>;

const CONTENT: Record<Section, () => ReactNode> = {
  overview: () => <OverviewSection />,
  proofs: () => <ProofsSection />,
  users: () => <UsersSection />,
  chat: () => (
    <ChatSection
      userActions={(user) => <UserDataActions {...user} isOperator={false} />}
      proofView={(proof, onSent) => <QueueProof key={proof.logId} {...proof} onSent={onSent} />}
    />
  ),
  moon: () => <MoonSection />,
  broadcast: () => <BroadcastSection />,
  updates: () => <UpdatesSection />,
  'gomeum-tasks': () => <GomeumTaskSection />,
};

/** `/gomeum-dashboard`: where the operator plays Gomeum. Its own chunk; operators only. */
export function DashboardPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const requested = params.get('section');
  const section: Section = SECTIONS.find((s) => s === requested) ?? 'overview';
  // A conversation or a user open: on a phone, their view replaces the list (and the header and tabs);
  // a conversation's fills the screen, its reply box at the bottom.
  const view = (section === 'chat' || section === 'users') && params.get('user') ? 'detail' : 'list';
  useOperatorManifest();

  // Unread chat across conversations, shown on the inbox tab from every section: the server's
  // count, kept up to date by each conversation's live change.
  const unread = useUnreadTotal();
  // The tab title carries the unread count, so it shows while the operator is in another tab.
  useDocumentTitle(unread ? `(${unread}) ${t('dashboard.title')}` : t('dashboard.title'));
  // Proofs waiting for Gomeum, counted on their tab from every section (the section keeps its own list fresh).
  const waitingProofs = useWaitingProofs().data?.length ?? 0;
  const refreshProofs = useRefreshWaitingProofs();
  const refreshQueue = () => {
    if (section !== 'proofs') refreshProofs();
  };
  useLiveEvent('proof.queue_changed', refreshQueue);
  useLiveEvent('proof.reaction', refreshQueue);
  // On a phone the tabs are one scrolling strip: keep the current one in view.
  const navRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const current = navRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!current || !navRef.current) return;
    const nav = navRef.current;
    const left = current.offsetLeft - nav.offsetLeft;
    if (left < nav.scrollLeft || left + current.offsetWidth > nav.scrollLeft + nav.clientWidth) {
      nav.scrollLeft = Math.max(0, left - 12);
    }
  }, [section]);
  return (
    <div className="dashboard" data-view={view} data-fill={view === 'detail' && section === 'chat' ? '' : undefined}>
      <StarField className="dashboard__stars" density={0.4} />
      <main>
        <div className="dashboard__header">
          <GomeumCat pose="sit" size={56} className="dashboard__cat" />
          <div className="dashboard__heading">
            <h1 className="dashboard__title">{t('dashboard.title')}</h1>
            <p className="muted dashboard__subtitle">{t('dashboard.subtitle')}</p>
          </div>
          <div className="dashboard__controls">
            <PresenceSwitch />
            <OperatorAlertsSwitch />
          </div>
        </div>
        <nav ref={navRef} className="dashboard__nav" aria-label={t('dashboard.sections')}>
          {SECTIONS.map((s) => (
            // Links: each section has its own address (open in a new tab, shared, reloaded).
            <Link
              key={s}
              to={`${WEB_ROUTES.dashboard}?section=${s}`}
              className="dashboard__tab"
              aria-current={s === section ? 'page' : undefined}
            >
              {t(LABELS[s])}
              {s === 'chat' && unread ? (
                <>
                  <span className="badge badge--unread dashboard__tab-count" aria-hidden="true">
                    {unread}
                  </span>
                  <span className="visually-hidden">{t('dashboard.waiting_count', { count: unread })}</span>
                </>
              ) : null}
              {s === 'proofs' && waitingProofs ? (
                <>
                  <span className="badge badge--waiting dashboard__tab-count" aria-hidden="true">
                    {waitingProofs}
                  </span>
                  <span className="visually-hidden">{t('dashboard.proofs_count', { count: waitingProofs })}</span>
                </>
              ) : null}
            </Link>
          ))}
        </nav>
        <section className="dashboard__main" aria-label={t(LABELS[section])}>
          {CONTENT[section]()}
        </section>
      </main>
      <DashboardToasts />
    </div>
  );
}
