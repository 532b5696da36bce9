import { useEffect, useState } from 'react';

/**
 * True while `isLoading` and `maxMs` have not yet passed: a spinner that never gives way would
 * leave someone staring at nothing (at most 3 s on landing and auth).
 */
export function useLoadingTimeout(isLoading: boolean, maxMs: number): boolean {
  const [expired, setExpired] = useState(false);

  useEffect(() => {
    if (!isLoading) return;
    const timer = window.setTimeout(() => setExpired(true), maxMs);
    return () => window.clearTimeout(timer);
  }, [isLoading, maxMs]);

  return isLoading && !expired;
}
