import { AVATAR_PROGRESS_CAP, AVATAR_PROGRESS_INTERVAL_MS, AVATAR_PROGRESS_RESET_MS, AVATAR_PROGRESS_STEP } from '@shared/limits';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface UploadProgress {
  /** 0–100 while an upload runs or has just finished; null when the bar is hidden. */
  value: number | null;
  start: () => void;
  /** Real bytes sent: the bar never runs ahead of them. */
  report: (loaded: number, total: number) => void;
  complete: () => void;
  fail: () => void;
}

/**
 * The picture upload bar (profile and agent pictures): 10 points every 300 ms up to 90, then 100 once the server
 * has the picture, hidden again 1 s later. The clock sets the pace and the bar always moves in its steps, so a
 * picture sent in a blink still climbs visibly instead of jumping to the end. Where the browser reports real upload
 * progress, the bar never passes the share of bytes sent (up to 90: the server then re-encodes the picture). When
 * the server answers before the bar has reached 90, the bar finishes its climb at the same pace, then shows 100;
 * the picture and the confirmation do not wait for it.
 */
export function useUploadProgress(): UploadProgress {
  const [value, setValue] = useState<number | null>(null);
  const current = useRef<number | null>(null);
  // The highest point the bytes sent allow; null while the browser has reported nothing.
  const sentCap = useRef<number | null>(null);
  const done = useRef(false);
  const ticker = useRef<ReturnType<typeof setInterval> | null>(null);
  const hider = useRef<ReturnType<typeof setTimeout> | null>(null);

  const show = useCallback((next: number | null) => {
    current.current = next;
    setValue(next);
  }, []);

  const stopAll = useCallback(() => {
    if (ticker.current !== null) clearInterval(ticker.current);
    ticker.current = null;
    if (hider.current !== null) clearTimeout(hider.current);
    hider.current = null;
  }, []);

  useEffect(() => stopAll, [stopAll]);

  const finish = useCallback(() => {
    stopAll();
    show(100);
    hider.current = setTimeout(() => {
      hider.current = null;
      show(null);
    }, AVATAR_PROGRESS_RESET_MS);
  }, [stopAll, show]);

  const tick = useCallback(() => {
    const now = current.current ?? 0;
    if (done.current && now >= AVATAR_PROGRESS_CAP) return finish();
    let next = Math.min(AVATAR_PROGRESS_CAP, now + AVATAR_PROGRESS_STEP);
    if (!done.current && sentCap.current !== null) next = Math.max(now, Math.min(next, sentCap.current));
    if (next !== now) show(next);
  }, [finish, show]);

  const start = useCallback(() => {
    stopAll();
    done.current = false;
    sentCap.current = null;
    show(0);
    ticker.current = setInterval(tick, AVATAR_PROGRESS_INTERVAL_MS);
  }, [stopAll, show, tick]);

  const report = useCallback((loaded: number, total: number) => {
    if (!(total > 0)) return;
    const sent = Math.round((Math.min(loaded, total) / total) * AVATAR_PROGRESS_CAP);
    sentCap.current = Math.max(sentCap.current ?? 0, sent);
  }, []);

  const complete = useCallback(() => {
    done.current = true;
    if ((current.current ?? 0) >= AVATAR_PROGRESS_CAP || ticker.current === null) finish();
  }, [finish]);

  const fail = useCallback(() => {
    stopAll();
    show(null);
  }, [stopAll, show]);

  return { value, start, report, complete, fail };
}
