import type { TFunction } from 'i18next';
import { BookOpen } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/limits';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { ApiError } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/error-message';
import { useTimeZone } from '@web/lib/time-zone';
import { useDownloadBook, type BookProgress } from '../api/download-book';
import { useMonthNames } from './gallery-period';

interface BookDialogProps {
  /** The years with memories, newest first. */
  years: number[];
  /** The gallery's period, offered first. */
  year?: number;
  month?: number;
}

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

function bookFailure(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code === 'RATE_LIMITED') return t('gallery:book.rateLimited');
  if (error instanceof ApiError && error.code === 'NETWORK') return t('errors:INTERNAL');
  return errorMessage(t, error);
}

/** "Download as a book": a year or a month of memories as a PDF, with its pages counted while it is made. */
export function BookDialog({ years, year, month }: BookDialogProps) {
  const { t } = useTranslation(['gallery', 'common']);
  const [open, setOpen] = useState(false);
  if (years.length === 0) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="link" data-testid="book-open" className="text-sm">
          <BookOpen aria-hidden="true" />
          {t('gallery:book.open')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:actions.close')} data-testid="book-dialog">
        <DialogTitle className="pr-10">{t('gallery:book.title')}</DialogTitle>
        <DialogDescription className="mt-2">{t('gallery:book.description')}</DialogDescription>
        {/* Remounted on every opening; closing the dialog stops a book being made. */}
        {open ? <BookDialogBody years={years} year={year} month={month} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function BookDialogBody({ years, year, month }: BookDialogProps) {
  const { t, i18n } = useTranslation(['gallery', 'errors']);
  const id = useId();
  const tz = useTimeZone();
  const monthNames = useMonthNames();
  const book = useDownloadBook();
  const [chosenYear, setChosenYear] = useState(year !== undefined && years.includes(year) ? year : years[0]!);
  const [chosenMonth, setChosenMonth] = useState(year !== undefined && years.includes(year) ? month : undefined);
  const [progress, setProgress] = useState<BookProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const make = () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setProgress(null);
    const language: Language = (i18n.resolvedLanguage ?? i18n.language) === 'fr' ? 'fr' : 'en';
    book.mutate({ request: { year: chosenYear, month: chosenMonth, tz, lang: language }, onProgress: setProgress, signal: controller.signal });
  };

  const aborted = book.error instanceof DOMException && book.error.name === 'AbortError';
  const choose = (next: () => void) => {
    next();
    book.reset();
    setProgress(null);
  };

  return (
    <div className="mt-5 space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="space-y-1.5 sm:flex-1">
          <Label htmlFor={`${id}-year`}>{t('gallery:book.year')}</Label>
          <Select id={`${id}-year`} value={String(chosenYear)} disabled={book.isPending} onChange={(event) => choose(() => setChosenYear(Number(event.target.value)))}>
            {years.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5 sm:flex-1">
          <Label htmlFor={`${id}-month`}>{t('gallery:book.month')}</Label>
          <Select
            id={`${id}-month`}
            value={chosenMonth === undefined ? '' : String(chosenMonth)}
            disabled={book.isPending}
            onChange={(event) => choose(() => setChosenMonth(event.target.value ? Number(event.target.value) : undefined))}
          >
            <option value="">{t('gallery:book.wholeYear')}</option>
            {MONTHS.map((option) => (
              <option key={option} value={option}>
                {monthNames[option - 1]}
              </option>
            ))}
          </Select>
        </div>
      </div>

      <Button className="w-full sm:w-auto" pending={book.isPending} onClick={make} data-testid="book-make">
        {book.isPending ? t('gallery:book.making') : t('gallery:book.make')}
      </Button>

      {book.isPending && progress && progress.total > 0 ? (
        <div className="space-y-1.5">
          <progress id={`${id}-progress`} className="h-2 w-full accent-accent" max={progress.total} value={progress.done} aria-label={t('gallery:book.progressLabel')} />
          <p className="text-sm text-ink-muted" data-testid="book-progress">
            {t('gallery:book.progress', { done: progress.done, total: progress.total })}
          </p>
        </div>
      ) : null}

      {/* Said once when the book starts and once when it is ready: not at every page. */}
      <p role="status" className="text-sm font-medium text-ink" data-testid="book-status">
        {book.isPending ? t('gallery:book.making') : book.isSuccess ? t('gallery:book.ready') : null}
      </p>
      {book.isError && !aborted ? (
        <div role="alert" className="rounded-md border border-accent/40 bg-accent-soft p-3 text-sm text-ink" data-testid="book-error">
          <p className="font-medium">{t('gallery:book.failed')}</p>
          <p className="mt-1">{bookFailure(t, book.error)}</p>
        </div>
      ) : null}
    </div>
  );
}
