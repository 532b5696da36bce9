import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { useDateFormat } from '@web/lib/date-format';

interface GalleryPeriodProps {
  /** The years with memories, newest first (empty while unknown). */
  years: number[];
  year?: number;
  month?: number;
  onYearChange: (year: number | undefined) => void;
  onMonthChange: (month: number | undefined) => void;
}

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

/** Month names in the interface language, capitalised as a list item ("Mars", not "mars"). */
export function useMonthNames(): string[] {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const format = useDateFormat('month');
  return useMemo(() => {
    return MONTHS.map((month) => {
      const name = format(Date.UTC(2000, month - 1, 15));
      return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
    });
  }, [language, format]);
}

/** The gallery's period: a year, then a month of it. The month waits until a year is chosen. */
export function GalleryPeriod({ years, year, month, onYearChange, onMonthChange }: GalleryPeriodProps) {
  const { t } = useTranslation('gallery');
  const id = useId();
  const monthNames = useMonthNames();
  // A year from a shared link that has no memories (any more) still shows as chosen.
  const yearOptions = year !== undefined && !years.includes(year) ? [...years, year].sort((a, b) => b - a) : years;
  const monthHintId = `${id}-month-hint`;

  return (
    // Side by side, the two selects leave a phone too little room for "Toutes les années": they stack until sm.
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="space-y-1.5 sm:w-52">
        <Label htmlFor={`${id}-year`}>{t('filters.year')}</Label>
        <Select
          id={`${id}-year`}
          value={year === undefined ? '' : String(year)}
          onChange={(event) => onYearChange(event.target.value ? Number(event.target.value) : undefined)}
        >
          <option value="">{t('filters.allYears')}</option>
          {yearOptions.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1.5 sm:w-52">
        <Label htmlFor={`${id}-month`}>{t('filters.month')}</Label>
        <Select
          id={`${id}-month`}
          value={month === undefined ? '' : String(month)}
          disabled={year === undefined}
          aria-describedby={year === undefined ? monthHintId : undefined}
          onChange={(event) => onMonthChange(event.target.value ? Number(event.target.value) : undefined)}
        >
          <option value="">{t('filters.allMonths')}</option>
          {MONTHS.map((option) => (
            <option key={option} value={option}>
              {monthNames[option - 1]}
            </option>
          ))}
        </Select>
        {year === undefined ? (
          <p id={monthHintId} className="text-xs text-ink-muted">
            {t('filters.monthNeedsYear')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
