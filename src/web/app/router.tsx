import { Navigate, createBrowserRouter, useLocation, useParams, type RouteObject } from 'react-router';
import { AdminPage } from '@web/features/admin/pages/admin-page';
import { AuthPage } from '@web/features/auth/pages/auth-page';
import { ResetPasswordPage } from '@web/features/auth/pages/reset-password-page';
import { PricingPage } from '@web/features/billing/pages/pricing-page';
import { SandboxCheckoutPage } from '@web/features/billing/pages/sandbox-checkout-page';
import { SandboxPortalPage } from '@web/features/billing/pages/sandbox-portal-page';
import { ChatPage } from '@web/features/chat/pages/chat-page';
import { CommunityPage } from '@web/features/community/pages/community-page';
import { HomePage } from '@web/features/home/pages/home-page';
import { LandingPage } from '@web/features/landing/pages/landing-page';
import { GalleryPage } from '@web/features/memories/pages/gallery-page';
import { MemoryDetailPage } from '@web/features/memories/pages/memory-detail-page';
import { MemoryEditPage } from '@web/features/memories/pages/memory-edit-page';
import { SharedMemoryPage } from '@web/features/memories/pages/shared-memory-page';
import { NotFoundPage } from '@web/features/not-found/pages/not-found-page';
import { PrivacyPolicyPage } from '@web/features/privacy-policy/pages/privacy-policy-page';
import { ProfilePage } from '@web/features/profile/pages/profile-page';
import { SupportPage } from '@web/features/support/pages/support-page';
import { UnsubscribePage } from '@web/features/unsubscribe/pages/unsubscribe-page';
import { AdminRoute } from './admin-route';
import { MainLayout } from './main-layout';
import { ProtectedRoute } from './protected-route';
import { RootLayout, RouteErrorPage } from './root-layout';

/** Legacy short paths (spec §2) keep working: /chat, /memories and /memories/:id lead into /home. */
function AliasRedirect({ to }: { to: string }) {
  const { search, hash } = useLocation();
  const { id } = useParams();
  const target = id ? to.replace(':id', encodeURIComponent(id)) : to;
  return <Navigate to={`${target}${search}${hash}`} replace />;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/auth/reset-password', element: <ResetPasswordPage /> },
      { path: '/shared', element: <SharedMemoryPage /> },
      { path: '/shared/:token', element: <SharedMemoryPage /> },
      { path: '/unsubscribe', element: <UnsubscribePage /> },
      {
        element: <MainLayout />,
        children: [
          { path: '/community', element: <CommunityPage /> },
          { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
          {
            path: '/home',
            element: <ProtectedRoute />,
            children: [
              { index: true, element: <HomePage /> },
              { path: 'chat', element: <ChatPage /> },
              { path: 'admin', element: <AdminRoute />, children: [{ index: true, element: <AdminPage /> }] },
              { path: 'profile', element: <ProfilePage /> },
              { path: 'support', element: <SupportPage /> },
              { path: 'pricing', element: <PricingPage /> },
              { path: 'memories', element: <GalleryPage /> },
              { path: 'memories/:id', element: <MemoryDetailPage /> },
              { path: 'memories/edit/:id', element: <MemoryEditPage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          {
            // The sandbox's payment pages (decision 0025): the server names these addresses, outside /home.
            element: <ProtectedRoute />,
            children: [
              { path: '/billing/sandbox/checkout/:id', element: <SandboxCheckoutPage /> },
              { path: '/billing/sandbox/portal', element: <SandboxPortalPage /> },
            ],
          },
        ],
      },
      { path: '/chat', element: <AliasRedirect to="/home/chat" /> },
      { path: '/memories', element: <AliasRedirect to="/home/memories" /> },
      { path: '/memories/:id', element: <AliasRedirect to="/home/memories/:id" /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
