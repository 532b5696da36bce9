import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { closeAuthErrorDialog, openAuthErrorDialog, useAuthErrorDialogOpen } from '@web/lib/auth-error-dialog-store';
import { watchUnauthorized } from '@web/lib/query-client';
import { useSignOutAction } from './use-sign-out-action';

// Radix's dialog is not part of every page's first download: it loads the first time the dialog opens (decision 0029).
const AuthErrorDialog = lazy(async () => ({ default: (await import('@web/components/auth-error-dialog')).AuthErrorDialog }));

/**
 * The one authentication-error dialog of the app. It opens when any feature calls
 * openAuthErrorDialog(), and by itself when an API call answers 401 while someone is signed in.
 */
export function AuthErrorDialogHost() {
  const open = useAuthErrorDialogOpen();
  const queryClient = useQueryClient();
  const { signOut, isPending } = useSignOutAction();
  const location = useLocation();
  const navigate = useNavigate();
  // The location key at the moment "Sign Out" was pressed; null when no sign-out is under way.
  const [signOutFrom, setSignOutFrom] = useState<string | null>(null);
  // Mounted from its first opening on, so closing it animates like any dialog.
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);

  useEffect(() => watchUnauthorized(queryClient, openAuthErrorDialog), [queryClient]);
  // The state outlives this component (it is module-wide): an unmounted app leaves it closed.
  useEffect(() => closeAuthErrorDialog, []);

  // The shared sign-out action lands on "/"; from this dialog the person goes on to /auth.
  useEffect(() => {
    if (signOutFrom === null || location.key === signOutFrom || location.pathname !== '/') return;
    setSignOutFrom(null);
    closeAuthErrorDialog();
    void navigate('/auth', { replace: true });
  }, [signOutFrom, location.key, location.pathname, navigate]);

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <AuthErrorDialog
        open={open}
        onOpenChange={(next) => {
          if (!next) closeAuthErrorDialog();
        }}
        onRefresh={() => window.location.reload()}
        signingOut={isPending || signOutFrom !== null}
        onSignOut={() => {
          // The dialog stays open, its button busy, until the sign-out has landed.
          setSignOutFrom(location.key);
          signOut();
        }}
      />
    </Suspense>
  );
}
