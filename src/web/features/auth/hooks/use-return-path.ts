import { useLocation } from 'react-router';

const DEFAULT_RETURN_PATH = '/home';

interface FromState {
  from?: { pathname?: unknown; search?: unknown; hash?: unknown };
}

/**
 * Where to go after signing in: the protected page that sent the person here (kept in the
 * navigation state by the protected route), else /home. Only same-app paths are accepted.
 */
export function useReturnPath(): string {
  const location = useLocation();
  const from = (location.state as FromState | null)?.from;
  const pathname = typeof from?.pathname === 'string' ? from.pathname : '';
  if (!pathname.startsWith('/') || pathname.startsWith('//') || pathname.startsWith('/auth')) return DEFAULT_RETURN_PATH;
  const search = typeof from?.search === 'string' ? from.search : '';
  const hash = typeof from?.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}
