import { AVATAR_PROGRESS_CAP, AVATAR_PROGRESS_INTERVAL_MS, AVATAR_PROGRESS_RESET_MS, AVATAR_PROGRESS_STEP } from '@shared/limits';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface UploadProgress {
  /** 0–100 while an upload runs or has just finished; null when the bar is hidden. */
  value: number | null;
  start: () => void;
  /** Real bytes sent: from the first report on, they drive the bar instead of the clock. */
  report: (loaded: number, total: number) => void;
  complete: () => void;
  fail: () => void;
}

/**
 * The picture upload bar (profile and agent pictures): 10 points every 300 ms up to 90, then 100 once the server has the picture,
 * hidden again 1 s later. Where the browser reports real upload progress, the bytes sent move the bar
 * (still up to 90: the server then re-encodes the picture), never backwards.
 */
export function useUploadProgress(): UploadProgress {
  const [value, setValue] = useState<number | null>(null);
  const ticker = useRef<ReturnType<typeof setInterval> | null>(null);
  const hider = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stopTicker = useCallback(() => {
    if (ticker.current !== null) clearInterval(ticker.current);
    ticker.current = null;
  }, []);
  const stopAll = useCallback(() => {
    stopTicker();
    if (hider.current !== null) clearTimeout(hider.current);
    hider.current = null;
  }, [stopTicker]);

  useEffect(() => stopAll, [stopAll]);

  const start = useCallback(() => {
    stopAll();
    setValue(0);
    ticker.current = setInterval(() => {
      setValue((current) => Math.min(AVATAR_PROGRESS_CAP, (current ?? 0) + AVATAR_PROGRESS_STEP));
    }, AVATAR_PROGRESS_INTERVAL_MS);
  }, [stopAll]);

  const report = useCallback(
    (loaded: number, total: number) => {
      if (!(total > 0)) return;
      stopTicker();
      const sent = Math.round((Math.min(loaded, total) / total) * AVATAR_PROGRESS_CAP);
      setValue((current) => Math.max(current ?? 0, sent));
    },
    [stopTicker],
  );

  const complete = useCallback(() => {
    stopAll();
    setValue(100);
    hider.current = setTimeout(() => {
      hider.current = null;
      setValue(null);
    }, AVATAR_PROGRESS_RESET_MS);
  }, [stopAll]);

  const fail = useCallback(() => {
    stopAll();
    setValue(null);
  }, [stopAll]);

  return { value, start, report, complete, fail };
}
