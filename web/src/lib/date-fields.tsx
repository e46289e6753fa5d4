import { useId, type Ref } from 'react';
import { useTranslation } from './i18n.ts';
import { localeOf } from './format.ts';

type Part = 'year' | 'month' | 'day';

/** The order a language writes year, month and day in (en: month day year; zh and ko: year month day). */
function partOrder(locale: string): Part[] {
  const order = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' })
    .formatToParts(new Date(Date.UTC(2026, 10, 24)))
    .map((part) => part.type)
    .filter((type): type is Part => type === 'year' || type === 'month' || type === 'day');
  return order.length === 3 ? order : ['year', 'month', 'day'];
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A calendar date (YYYY-MM-DD) as three selects named and ordered in the app's language, rather
 * than the browser's date input, whose format ("mm/dd/yyyy") follows the browser's language. Works
 * with the keyboard and with a phone's own picker for selects. Years run from `yearsBack` ago to now.
 * With `max` (YYYY-MM-DD, say today), no later month or day is offered, and none can be chosen.
 */
export function DateFields({
  legend,
  value,
  onChange,
  yearsBack = 4,
  invalid = false,
  describedBy,
  firstRef,
  max,
}: {
  legend: string;
  value: string;
  onChange: (iso: string) => void;
  yearsBack?: number;
  invalid?: boolean;
  describedBy?: string;
  firstRef?: Ref<HTMLSelectElement>;
  max?: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const legendId = useId();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const now = new Date();
  const year = match ? Number(match[1]) : now.getFullYear();
  const month = match ? Number(match[2]) : now.getMonth() + 1;
  const day = match ? Number(match[3]) : now.getDate();

  const limit = max ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(max) : null;
  const last = limit ? { year: Number(limit[1]), month: Number(limit[2]), day: Number(limit[3]) } : null;
  /** The last month offered in `y`, and the last day in `y`-`m`: the calendar's, or `max`'s. */
  const lastMonth = (y: number) => (last && y === last.year ? last.month : 12);
  const lastDay = (y: number, m: number) =>
    last && y === last.year && m === last.month ? Math.min(last.day, daysIn(y, m)) : daysIn(y, m);

  const set = (next: { year?: number; month?: number; day?: number }) => {
    const y = next.year ?? year;
    const m = Math.min(next.month ?? month, lastMonth(y));
    const d = Math.min(next.day ?? day, lastDay(y, m));
    onChange(`${y}-${pad(m)}-${pad(d)}`);
  };

  const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
  const years: number[] = [];
  const newest = last ? Math.min(last.year, Math.max(now.getFullYear(), year)) : Math.max(now.getFullYear(), year);
  for (let y = newest; y >= Math.min(now.getFullYear() - yearsBack, year); y -= 1) years.push(y);
  const format = (options: Intl.DateTimeFormatOptions, date: Date) =>
    new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date);

  const selects: Record<Part, { label: string; value: number; options: { value: number; text: string }[] }> = {
    year: {
      label: t('date.year'),
      value: year,
      options: years.map((y) => ({ value: y, text: format({ year: 'numeric' }, utc(y, 1, 1)) })),
    },
    month: {
      label: t('date.month'),
      value: month,
      options: Array.from({ length: lastMonth(year) }, (_, i) => ({
        value: i + 1,
        text: format({ month: 'long' }, utc(2026, i + 1, 1)),
      })),
    },
    day: {
      label: t('date.day'),
      value: day,
      options: Array.from({ length: lastDay(year, month) }, (_, i) => ({
        value: i + 1,
        text: format({ day: 'numeric', weekday: 'short' }, utc(year, month, i + 1)),
      })),
    },
  };

  return (
    <fieldset className="field date-fields" aria-describedby={describedBy}>
      <legend id={legendId} className="field__label">
        {legend}
      </legend>
      <div className="date-fields__row">
        {partOrder(locale).map((part, index) => {
          const select = selects[part];
          return (
            <select
              key={part}
              ref={index === 0 ? firstRef : undefined}
              className={`input date-fields__${part}`}
              aria-label={select.label}
              aria-invalid={invalid || undefined}
              value={select.value}
              onChange={(event) => set({ [part]: Number(event.target.value) })}
            >
              {select.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.text}
                </option>
              ))}
            </select>
          );
        })}
      </div>
    </fieldset>
  );
}
