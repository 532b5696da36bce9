import { useState } from 'react';
import type { AvatarSource } from '@web/lib/avatar-source';
import { cn } from '@web/lib/utils';
import { LogoMark } from '../logo-mark';

interface AvatarProps {
  source: AvatarSource;
  /** Initials to show if the image cannot load; without them, Souvenir's mark shows instead. */
  fallbackText?: string;
  className?: string;
}

/** Decorative: the control around it carries the accessible name. */
export function Avatar({ source, fallbackText, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = source.kind === 'image' && failedSrc !== source.src;
  const text = source.kind === 'initials' ? source.text : source.kind === 'image' ? fallbackText : undefined;
  const showMark = !showImage && text === undefined;

  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent-soft text-sm font-semibold text-accent-strong',
        showMark && 'border border-line bg-surface',
        className,
      )}
    >
      {showImage ? (
        <img src={source.src} alt="" className="size-full object-cover" onError={() => setFailedSrc(source.src)} referrerPolicy="no-referrer" />
      ) : showMark ? (
        <LogoMark className="size-[115%]" />
      ) : (
        <span>{text}</span>
      )}
    </span>
  );
}
