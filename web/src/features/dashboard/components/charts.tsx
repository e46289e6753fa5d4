import { useTranslation } from '../../../lib/i18n.ts';
import { localeOf } from '../../../lib/format.ts';
import type { DayCount } from '@gomeum/contracts';
import './charts.css';

/** The top of a value axis: the smallest readable number (1, 2, 4, 6 or 8 × 10ⁿ) at or above `max`, at least 2. */
function axisTop(max: number): number {
  if (max <= 2) return 2;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 4, 6, 8, 10].map((m) => m * magnitude).find((candidate) => candidate >= max) ?? 10 * magnitude;
}

/** A YYYY-MM-DD day as a short date in the reader's language ("Nov 24", "11月24日", "11월 24일"). */
function shortDay(day: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(localeOf(language), { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
}

/**
 * Bars per day with a value axis, dates along the bottom and each day's figure on hover. The
 * picture is for the eye; screen readers get a summary and the numbers in a table, so the chart
 * carries no information only sight can reach.
 */
export function DayBarChart({ data, label }: { data: DayCount[]; label: string }) {
  const { i18n } = useTranslation();
  const top = axisTop(Math.max(0, ...data.map((d) => d.count)));
  const total = data.reduce((sum, d) => sum + d.count, 0);
  const ticks = [top, top / 2, 0];
  const dateLabels = [0, Math.floor((data.length - 1) / 2), data.length - 1].filter(
    (index, i, all) => index >= 0 && all.indexOf(index) === i,
  );
  return (
    <figure className="chart">
      <div className="chart__plot" aria-hidden="true">
        {/* As wide as its longest figure: the labels are placed over it, not in its flow. */}
        <div className="chart__values" style={{ minWidth: `${String(top).length}ch` }}>
          {ticks.map((tick) => (
            <span key={tick} style={{ bottom: `${(tick / top) * 100}%` }}>
              {tick}
            </span>
          ))}
        </div>
        <div className="chart__bars">
          {ticks.map((tick) => (
            <span key={tick} className="chart__grid" style={{ bottom: `${(tick / top) * 100}%` }} />
          ))}
          {data.map((d) => (
            <div key={d.day} className="chart__column" data-tip={`${shortDay(d.day, i18n.language)}: ${d.count}`}>
              <div className="chart__bar" style={{ height: `${(d.count / top) * 100}%` }} />
            </div>
          ))}
        </div>
        <div className="chart__dates">
          {dateLabels.map((index) => (
            <span key={index} style={{ left: `${((index + 0.5) / data.length) * 100}%` }}>
              {shortDay(data[index]?.day ?? '', i18n.language)}
            </span>
          ))}
        </div>
      </div>
      <figcaption className="chart__caption">
        {label} · {total}
      </figcaption>
      {/* The table's own box is not clipped by .visually-hidden: its wrapper is. */}
      <div className="visually-hidden">
        <table>
          <caption>{label}</caption>
          <tbody>
            {data.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <td>{d.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** The ranges a chart can show, in days. */
export const CHART_RANGES = [7, 30, 90] as const;

/** A choice of 7, 30 or 90 days, as a group of toggle buttons. */
export function RangeChoice({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className="range-choice" role="group" aria-label={t('dashboard.chart_range')}>
      {CHART_RANGES.map((range) => (
        <button
          key={range}
          type="button"
          className="range-choice__option"
          aria-pressed={days === range}
          onClick={() => onChange(range)}
        >
          {t('dashboard.chart_last_days', { days: range })}
        </button>
      ))}
    </div>
  );
}

/** A ranked list with bars proportional to each count. */
export function TopList({
  items,
  label,
  empty,
}: {
  items: { label: string; count: number }[];
  label: string;
  empty: string;
}) {
  const max = Math.max(1, ...items.map((i) => i.count));
  return (
    <section className="top-list" aria-label={label}>
      <h2 className="dashboard-card__title">{label}</h2>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ol className="top-list__items">
          {items.map((item) => (
            <li key={item.label} className="top-list__item">
              <span className="top-list__label">{item.label}</span>
              <span className="top-list__bar" style={{ width: `${(item.count / max) * 100}%` }} aria-hidden="true" />
              <span className="top-list__count">{item.count}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
