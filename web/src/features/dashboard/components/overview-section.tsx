import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useOverview } from '../api/get-overview.ts';
import { DayBarChart, RangeChoice, TopList } from './charts.tsx';
import './overview-section.css';

/** The overview's shape while it loads: four figures, the chart, the two top lists. */
function OverviewSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="dashboard-grid" role="status" aria-label={t('common.loading')}>
      <div className="stat-row">
        {[0, 1, 2, 3].map((tile) => (
          <div key={tile} className="panel stat">
            <span className="skeleton skeleton--title" style={{ width: '40%' }} />
            <span className="skeleton skeleton--line" style={{ width: '70%' }} />
          </div>
        ))}
      </div>
      <div className="panel dashboard-card dashboard-card--wide">
        <span className="skeleton skeleton--line" style={{ width: '30%' }} />
        <span className="skeleton overview-skeleton__chart" />
      </div>
      {[0, 1].map((list) => (
        <div key={list} className="panel dashboard-card">
          {[0, 1, 2, 3].map((line) => (
            <span key={line} className="skeleton skeleton--line overview-skeleton__line" />
          ))}
        </div>
      ))}
    </div>
  );
}

/** Activity at a glance: counts, visits per day over 7, 30 or 90 days, top pages and countries. */
export function OverviewSection() {
  const { t } = useTranslation();
  const [days, setDays] = useState(30);
  const overview = useOverview(days);
  if (overview.isPending) return <OverviewSkeleton />;
  if (overview.isError) return <p className="form__error">{t('dashboard.load_failed')}</p>;
  const o = overview.data;
  const stats = [
    { label: t('dashboard.stat_users'), value: o.totalUsers },
    { label: t('dashboard.stat_guests'), value: o.guestUsers },
    { label: t('dashboard.stat_active_today'), value: o.activeUsersToday },
    { label: t('dashboard.stat_unanswered'), value: o.unansweredChats },
  ];
  return (
    <div className="dashboard-grid">
      <ul className="stat-row">
        {stats.map((s) => (
          <li key={s.label} className="panel stat">
            <span className="stat__value">{s.value}</span>
            <span className="stat__label">{s.label}</span>
          </li>
        ))}
      </ul>
      <section className="panel dashboard-card dashboard-card--wide">
        <div className="dashboard-card__head">
          <h2 className="dashboard-card__title">{t('dashboard.visits_per_day')}</h2>
          <RangeChoice days={days} onChange={setDays} />
        </div>
        <DayBarChart data={o.visitsPerDay} label={t('dashboard.visits_last_days', { days })} />
      </section>
      <div className="panel dashboard-card">
        <TopList items={o.topPages} label={t('dashboard.top_pages')} empty={t('dashboard.nothing_yet')} />
      </div>
      <div className="panel dashboard-card">
        <TopList items={o.topCountries} label={t('dashboard.top_countries')} empty={t('dashboard.nothing_yet')} />
      </div>
    </div>
  );
}
