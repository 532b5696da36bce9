import { cn } from '@web/lib/utils';

// Souvenir's own drawings for the community page, in the product's palette (paper, sand, ink, terracotta, a
// touch of sage). Inline, so they cost no request and follow the theme's colours. Decorative: the text beside
// each one says everything, so they are hidden from screen readers.

/** Three people around a table, a shared sheet of paper between them, a sun setting on it. */
export function GatheringIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 320 240" aria-hidden="true" focusable="false" className={cn('h-auto w-full', className)}>
      <path d="M34 128c0-62 52-104 126-104s126 40 126 100c0 64-54 100-126 100S34 188 34 128Z" className="fill-accent-soft" />
      <circle cx="262" cy="52" r="5" className="fill-accent/40" />
      <circle cx="52" cy="70" r="3.5" className="fill-success/40" />
      <path d="M272 92c6-4 12-4 18 0" fill="none" className="stroke-accent/50" strokeWidth="3" strokeLinecap="round" />

      {/* The three people, behind the table. */}
      <circle cx="92" cy="92" r="15" className="fill-ink/85" />
      <path d="M62 152c0-26 13-42 30-42s30 16 30 42Z" className="fill-ink/85" />
      <circle cx="160" cy="78" r="16" className="fill-accent" />
      <path d="M128 148c0-28 14-46 32-46s32 18 32 46Z" className="fill-accent" />
      <circle cx="228" cy="92" r="15" className="fill-success/80" />
      <path d="M198 152c0-26 13-42 30-42s30 16 30 42Z" className="fill-success/80" />

      {/* The table and the sheet they paint on together. */}
      <ellipse cx="160" cy="170" rx="128" ry="34" className="fill-sand stroke-line" strokeWidth="2" />
      <path d="M112 158 196 150l18 26-86 8Z" className="fill-surface stroke-ink/70" strokeWidth="2" strokeLinejoin="round" />
      <path d="M150 170a13 13 0 0 1 26-2.4Z" className="fill-accent" />
      <path d="M138 174.5l50-4.6M150 180l26-2.4" fill="none" className="stroke-ink/70" strokeWidth="2.2" strokeLinecap="round" />

      {/* Brushes and a cup, left where they were put down. */}
      <path d="M70 178l32-8" className="stroke-ink/70" strokeWidth="3" strokeLinecap="round" />
      <path d="M102 170l7-2" className="stroke-accent" strokeWidth="4" strokeLinecap="round" />
      <path d="M236 166h18v10a9 9 0 0 1-18 0Z" className="fill-surface stroke-ink/70" strokeWidth="2" strokeLinejoin="round" />
      <path d="M254 168c5 0 6 7 0 7" fill="none" className="stroke-ink/70" strokeWidth="2" />
      <path d="M242 158c-2-3 2-5 0-8M248 158c-2-3 2-5 0-8" fill="none" className="stroke-ink/40" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/** A palette and a brush: the art-therapy gatherings. */
export function PaletteIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={cn('size-16', className)}>
      <circle cx="32" cy="32" r="30" className="fill-accent-soft" />
      <path
        d="M31 14c-11 0-19 7.5-19 17 0 8.5 6.5 14 12.5 14 3.5 0 4.5-2.5 4.5-5 0-2.6 1.8-4.4 4.5-4.4h3.6c6.4 0 10.4-4 10.4-9.4C47.5 19 40.5 14 31 14Z"
        className="fill-surface stroke-ink"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
      <circle cx="23" cy="27" r="3" className="fill-accent" />
      <circle cx="31" cy="21.5" r="3" className="fill-success/80" />
      <circle cx="40" cy="24" r="3" className="fill-ink/70" />
      <path d="M46 50 34.5 38.5" className="stroke-ink" strokeWidth="2.6" strokeLinecap="round" />
      <path d="M34.5 38.5c-2-2-5-1-5.5 1.8-.4 2 1.4 3.9 3.5 3.4 2.6-.6 3.7-3.4 2-5.2Z" className="fill-accent" />
    </svg>
  );
}

/** Two speech bubbles, a small heart in one: sharing gently. */
export function ShareIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={cn('size-16', className)}>
      <circle cx="32" cy="32" r="30" className="fill-accent-soft" />
      <path d="M13 19a5 5 0 0 1 5-5h20a5 5 0 0 1 5 5v11a5 5 0 0 1-5 5H24l-7 5v-5.4A5 5 0 0 1 13 30Z" className="fill-surface stroke-ink" strokeWidth="2.2" strokeLinejoin="round" />
      <path d="M28 29.5c-4-3-6.5-5-6.5-7.4a3.1 3.1 0 0 1 6.5-1.2 3.1 3.1 0 0 1 6.5 1.2c0 2.4-2.5 4.4-6.5 7.4Z" className="fill-accent" />
      <path d="M51 33a5 5 0 0 0-5-5h-1v3a7 7 0 0 1-7 7h-9v2a5 5 0 0 0 5 5h8l6 4.5V45a5 5 0 0 0 3-4.6Z" className="fill-sand stroke-ink" strokeWidth="2.2" strokeLinejoin="round" />
    </svg>
  );
}

/** A cup of something warm, steam rising: no hurry, no pressure. */
export function TeaIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={cn('size-16', className)}>
      <circle cx="32" cy="32" r="30" className="fill-accent-soft" />
      <path d="M17 30h26v7a13 13 0 0 1-26 0Z" className="fill-surface stroke-ink" strokeWidth="2.2" strokeLinejoin="round" />
      <path d="M43 32.5h2.5a4.5 4.5 0 0 1 0 9H42" fill="none" className="stroke-ink" strokeWidth="2.2" strokeLinecap="round" />
      <path d="M13 51h34" className="stroke-ink" strokeWidth="2.2" strokeLinecap="round" />
      <path d="M25 25c-2.5-3 2.5-4.5 0-8M32 25c-2.5-3 2.5-4.5 0-8" fill="none" className="stroke-accent" strokeWidth="2" strokeLinecap="round" />
      <path d="M22 35.5h16" className="stroke-success/60" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
