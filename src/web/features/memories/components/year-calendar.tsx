import { MOODS, type Mood, type MoodYear } from '@shared/contracts/mood-year';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDateFormat } from '@web/lib/date-format';
import { cn } from '@web/lib/utils';

type Day = MoodYear['days'][number];

/** One colour per mood, told apart by hue and lightness; the legend names each in words, so colour is never alone. */
export const MOOD_COLOURS: Record<Mood, string> = {
  joyful: '#d9a23a',
  calm: '#5f93a8',
  tender: '#d28494',
  hopeful: '#7fa862',
  melancholy: '#6f73ad',
  anxious: '#b9793f',
  angry: '#b04a37',
  tired: '#8e8379',
};
const NO_MOOD = '#c7bcae';

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** Monday first: 0 for a Monday … 6 for a Sunday. */
const weekdayOf = (year: number, month: number, day: number) => (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
/** The calendar day `delta` days after `date`, as YYYY-MM-DD. */
const shift = (date: string, delta: number) => new Date(Date.parse(`${date}T12:00:00Z`) + delta * 86_400_000).toISOString().slice(0, 10);

/**
 * The year as twelve small month calendars, one mark per day coloured by its memory's mood. One tab stop for
 * the whole year: the arrow keys move by day (left, right) and by week (up, down), Page Up / Page Down by month,
 * Home / End to the year's first and last day; Enter opens the day's memory. Each day says its date, mood and
 * title; a day without a memory says only its date, quietly.
 */
export function YearCalendar({ year, days }: { year: number; days: Day[] }) {
  const { t, i18n } = useTranslation('recollections');
  const navigate = useNavigate();
  const formatDay = useDateFormat('longDay');
  const formatMonth = useDateFormat('month');
  const byDate = useMemo(() => new Map(days.map((day) => [day.date, day])), [days]);
  const first = dayOf(year, 1, 1);
  const last = dayOf(year, 12, 31);
  const [focused, setFocused] = useState(() => days[0]?.date ?? first);
  const cells = useRef(new Map<string, HTMLTableCellElement>());
  const current = focused >= first && focused <= last ? focused : first;

  const moveTo = (date: string) => {
    const target = date < first ? first : date > last ? last : date;
    setFocused(target);
    cells.current.get(target)?.focus();
  };
  const monthShift = (date: string, delta: number) => {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const index = y * 12 + (m - 1) + delta;
    const month = (index % 12) + 1;
    const yy = Math.floor(index / 12);
    return dayOf(yy, month, Math.min(d, daysIn(yy, month)));
  };
  const open = (date: string) => {
    const memory = byDate.get(date);
    if (memory) void navigate(`/home/memories/${encodeURIComponent(memory.id)}`);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableCellElement>, date: string) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => shift(date, -1),
      ArrowRight: () => shift(date, 1),
      ArrowUp: () => shift(date, -7),
      ArrowDown: () => shift(date, 7),
      PageUp: () => monthShift(date, -1),
      PageDown: () => monthShift(date, 1),
      Home: () => first,
      End: () => last,
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveTo(move());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(date);
    }
  };
  const labelOf = (date: string) => {
    const memory = byDate.get(date);
    if (!memory) return t('year.dayEmpty', { date: formatDay(date) });
    const mood = memory.mood ? t(`year.moods.${memory.mood}`) : t('year.noMood');
    return t('year.day', { date: formatDay(date), mood, title: memory.title });
  };
  // Monday 5 January 2026 … Sunday 11 January 2026: the weekday names in the interface's language.
  const weekdayFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, { weekday: 'short', timeZone: 'UTC' });
  const weekdays = Array.from({ length: 7 }, (_, i) => weekdayFormat.format(new Date(Date.UTC(2026, 0, 5 + i, 12))));

  return (
    <div className="space-y-8">
      <ul aria-label={t('year.legend')} className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-ink">
        {MOODS.map((mood) => (
          <li key={mood} className="flex items-center gap-2">
            <span aria-hidden="true" className="size-3.5 rounded-full" style={{ background: MOOD_COLOURS[mood] }} />
            {t(`year.moods.${mood}`)}
          </li>
        ))}
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="size-3.5 rounded-full" style={{ background: NO_MOOD }} />
          {t('year.noMood')}
        </li>
        <li className="flex items-center gap-2 text-ink-muted">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-line" />
          {t('year.noMemory')}
        </li>
      </ul>

      <div className="grid grid-cols-1 gap-x-8 gap-y-8 min-[600px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {Array.from({ length: 12 }, (_, index) => {
          const month = index + 1;
          const headingId = `year-month-${month}`;
          const offset = weekdayOf(year, month, 1);
          const count = daysIn(year, month);
          const slots: Array<number | null> = [...Array.from({ length: offset }, () => null), ...Array.from({ length: count }, (_, d) => d + 1)];
          while (slots.length % 7 !== 0) slots.push(null);
          const weeks = Array.from({ length: slots.length / 7 }, (_, w) => slots.slice(w * 7, w * 7 + 7));
          return (
            <section key={month} aria-labelledby={headingId} className="w-fit">
              <h2 id={headingId} className="mb-2 font-serif text-lg text-ink capitalize">
                {formatMonth(dayOf(year, month, 1))}
              </h2>
              <table role="grid" aria-labelledby={headingId} className="border-separate border-spacing-1">
                <thead>
                  <tr>
                    {weekdays.map((name) => (
                      <th key={name} scope="col" className="size-8 text-xs font-normal text-ink-muted">
                        {name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {weeks.map((week, w) => (
                    <tr key={w}>
                      {week.map((day, d) => {
                        if (day === null) return <td key={`blank-${d}`} className="size-8" />;
                        const date = dayOf(year, month, day);
                        const memory = byDate.get(date);
                        return (
                          <td
                            key={date}
                            ref={(cell) => {
                              if (cell) cells.current.set(date, cell);
                              else cells.current.delete(date);
                            }}
                            role="gridcell"
                            data-date={date}
                            data-mood={memory ? (memory.mood ?? 'none') : undefined}
                            tabIndex={date === current ? 0 : -1}
                            aria-label={labelOf(date)}
                            onKeyDown={(event) => onKeyDown(event, date)}
                            onFocus={() => setFocused(date)}
                            onClick={() => open(date)}
                            className={cn('size-8 rounded-md text-center align-middle focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent', memory && 'cursor-pointer')}
                          >
                            {memory ? (
                              <span aria-hidden="true" className="mx-auto block size-6 rounded-full" style={{ background: memory.mood ? MOOD_COLOURS[memory.mood] : NO_MOOD }} />
                            ) : (
                              <span aria-hidden="true" className="mx-auto block size-1.5 rounded-full bg-line" />
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          );
        })}
      </div>
    </div>
  );
}
