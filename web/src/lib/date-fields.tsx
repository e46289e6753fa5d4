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
 */
export function DateFields({
  legend,
  value,
  onChange,
  yearsBack = 4,
  invalid = false,
  describedBy,
  firstRef,
}: {
  legend: string;
  value: string;
  onChange: (iso: string) => void;
  yearsBack?: number;
  invalid?: boolean;
  describedBy?: string;
  firstRef?: Ref<HTMLSelectElement>;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const legendId = useId();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const now = new Date();
  const year = match ? Number(match[1]) : now.getFullYear();
  const month = match ? Number(match[2]) : now.getMonth() + 1;
  const day = match ? Number(match[3]) : now.getDate();

  const set = (next: { year?: number; month?: number; day?: number }) => {
    const y = next.year ?? year;
    const m = next.month ?? month;
    const d = Math.min(next.day ?? day, daysIn(y, m));
    onChange(`${y}-${pad(m)}-${pad(d)}`);
  };

  const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
  const years: number[] = [];
  for (let y = Math.max(now.getFullYear(), year); y >= Math.min(now.getFullYear() - yearsBack, year); y -= 1)
    years.push(y);
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
      options: Array.from({ length: 12 }, (_, i) => ({
        value: i + 1,
        text: format({ month: 'long' }, utc(2026, i + 1, 1)),
      })),
    },
    day: {
      label: t('date.day'),
      value: day,
      options: Array.from({ length: daysIn(year, month) }, (_, i) => ({
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
