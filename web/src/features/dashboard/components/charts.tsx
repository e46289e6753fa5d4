import type { DayCount } from '@gomeum/contracts';

/**
 * Bars per day. The picture is for the eye; screen readers get a summary and the numbers in a
 * table, so the chart carries no information only sight can reach.
 */
export function DayBarChart({ data, label }: { data: DayCount[]; label: string }) {
  const max = Math.max(1, ...data.map((d) => d.count));
  const total = data.reduce((sum, d) => sum + d.count, 0);
  const width = 100 / Math.max(1, data.length);
  return (
    <figure className="chart">
      <svg className="chart__svg" viewBox="0 0 100 40" preserveAspectRatio="none" aria-hidden="true">
        {data.map((d, i) => {
          const height = (d.count / max) * 36;
          return (
            <rect
              key={d.day}
              className="chart__bar"
              x={i * width + width * 0.15}
              y={40 - height}
              width={width * 0.7}
              height={Math.max(height, d.count > 0 ? 0.8 : 0)}
              rx={0.6}
            >
              <title>{`${d.day}: ${d.count}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="chart__axis" aria-hidden="true">
        <span>{data[0]?.day}</span>
        <span>{data.at(-1)?.day}</span>
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
