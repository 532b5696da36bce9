import type { ReactNode } from 'react';
import { QuietFrame } from '@web/components/quiet-frame';

interface AuthShellProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The quiet frame of the sign-in pages: no navigation, just the mark, a title and the card. */
export function AuthShell({ title, subtitle, children }: AuthShellProps) {
  return (
    <QuietFrame logoClassName="size-14">
      <h1 className="mt-6 text-center text-3xl font-medium sm:text-4xl">{title}</h1>
      {subtitle ? <p className="mt-3 max-w-md text-center text-[0.95rem] leading-relaxed text-ink-muted">{subtitle}</p> : null}
      <div className="mt-8 w-full max-w-md">{children}</div>
    </QuietFrame>
  );
}
