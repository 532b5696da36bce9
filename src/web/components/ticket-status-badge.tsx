import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/utils';

/**
 * A support ticket's status (the Support page and the admin panel's tickets): open blue, answered green, closed grey, anything else light grey.
 * Muted, paper-friendly shades of those hues, each with its text at ≥ 4.5:1 on its own background.
 */
const tones: Record<string, string> = {
  open: 'border-[#c9d7e8] bg-[#e9eff6] text-[#2e5077]',
  answered: 'border-[#c6dacb] bg-[#e8f0e9] text-success',
  closed: 'border-[#d9d6d2] bg-[#ecebe9] text-[#57534f]',
};
const otherTone = 'border-line bg-[#f5f4f2] text-ink-muted';

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** A ticket's status as a small pill; an unknown status is shown as it is, first letter capitalised. */
export function TicketStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('common');
  const known = Object.hasOwn(tones, status);
  return (
    <span
      data-testid="ticket-status"
      data-status={status}
      className={cn('inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold', known ? tones[status] : otherTone)}
    >
      {known ? t(`ticketStatus.${status}`) : capitalise(status)}
    </span>
  );
}
