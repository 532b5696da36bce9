import { SKELETON_CARD_COUNT } from '@shared/limits';
import type { ReactNode } from 'react';
import { MemoryCardSkeleton } from './memory-card';

/** The memory grid of the home page and the gallery: one column on phones, up to three on wide screens. */
export const memoryGridClassName = 'grid grid-cols-1 gap-x-6 gap-y-10 sm:grid-cols-2 lg:grid-cols-3';

/** Six skeleton cards while memories load, and a status line for screen readers. */
export function MemoryGridSkeleton({ label }: { label: string }) {
  return (
    <>
      <p role="status" className="sr-only">
        {label}
      </p>
      <ul aria-hidden="true" className={memoryGridClassName}>
        {Array.from({ length: SKELETON_CARD_COUNT }, (_, index) => (
          <li key={index}>
            <MemoryCardSkeleton />
          </li>
        ))}
      </ul>
    </>
  );
}

interface MemoryNoticeProps {
  icon: ReactNode;
  title?: string;
  text: string;
  hint?: string;
  role?: 'alert';
  children: ReactNode;
}

/** The calm frame of a memory grid's empty, error and signed-out states: one sentence, one next step. */
export function MemoryNotice({ icon, title, text, hint, role, children }: MemoryNoticeProps) {
  return (
    <div role={role} className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-line bg-surface/60 px-6 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-sand text-ink-muted">{icon}</span>
      {title ? <p className="font-serif text-xl text-ink">{title}</p> : null}
      <p className="max-w-md leading-relaxed text-ink-muted">{text}</p>
      {hint ? <p className="max-w-md text-sm text-ink-muted">{hint}</p> : null}
      <div className="mt-3">{children}</div>
    </div>
  );
}
