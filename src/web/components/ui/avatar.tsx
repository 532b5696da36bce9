import { useState } from 'react';
import type { AvatarSource } from '@web/lib/avatar-source';
import { cn } from '@web/lib/utils';

interface AvatarProps {
  source: AvatarSource;
  /** Initials to show if the image cannot load. */
  fallbackText: string;
  className?: string;
}

/** Decorative: the control around it carries the accessible name. */
export function Avatar({ source, fallbackText, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = source.kind === 'image' && failedSrc !== source.src;

  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent-soft text-sm font-semibold text-accent-strong',
        className,
      )}
    >
      {showImage ? (
        <img src={source.src} alt="" className="size-full object-cover" onError={() => setFailedSrc(source.src)} referrerPolicy="no-referrer" />
      ) : (
        <span>{source.kind === 'initials' ? source.text : fallbackText}</span>
      )}
    </span>
  );
}
