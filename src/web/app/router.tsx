import { Suspense, type ComponentType } from 'react';
import { Navigate, createBrowserRouter, useLocation, useParams, type RouteObject } from 'react-router';
import { loadAppNamespaces, loadPublicPageNamespaces } from '@web/lib/i18n';
import { RootLayout, RouteErrorPage } from './root-layout';

/** Legacy short paths keep working: /chat, /memories and /memories/:id lead into /home. */
function AliasRedirect({ to }: { to: string }) {
  const { search, hash } = useLocation();
  const { id } = useParams();
  const target = id ? to.replace(':id', () => encodeURIComponent(id)) : to;
  return <Navigate to={`${target}${search}${hash}`} replace />;
}

/**
 * Shown while the first page's code loads. It draws nothing: a spinner or skeleton flashing for the few
 * milliseconds a chunk takes would be noise, and an empty page cannot shift when the real one arrives.
 */
function QuietFallback() {
  return null;
}

/**
 * Each page is its own chunk, loaded when its route matches (decision 0029): the landing, sign-in and shared
 * pages never download the signed-in app, and the admin panel, chat or Markdown only load where they are used.
 * Every page also waits for the public pages' texts in the language on screen (one small chunk, loaded once).
 * During a navigation the current page stays on screen until the next one's code is there.
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['lazy'] {
  return async () => {
    const [module] = await Promise.all([load(), loadPublicPageNamespaces()]);
    const Page = pick(module);
    // Only if a component names a namespace its route did not load (i18n.ts's backend): nothing shows meanwhile.
    const Component = () => (
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    );
    return { Component };
  };
}

/** The signed-in frame (and every page inside it) comes with the app's other locale namespaces. */
async function loadMainLayout() {
  const [module] = await Promise.all([import('./main-layout'), loadAppNamespaces()]);
  return module;
}

/** The admin panel's texts are the largest namespace, and only administrators see them. */
async function loadAdminPage() {
  const [module] = await Promise.all([import('@web/features/admin/pages/admin-page'), loadAppNamespaces(['admin'])]);
  return module;
}

/**
 * A page whose texts only it shows loads them with its code, not with every signed-in page: keeping conversations
 * across devices (the pages that offer it), the community, safety, privacy, support and pricing pages.
 */
function withOwnTexts<M>(namespace: string, load: () => Promise<M>): () => Promise<M> {
  return async () => (await Promise.all([load(), loadAppNamespaces([namespace])]))[0];
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    HydrateFallback: QuietFallback,
    children: [
      { path: '/', lazy: page(() => import('@web/features/landing/pages/landing-page'), (m) => m.LandingPage) },
      { path: '/auth', lazy: page(() => import('@web/features/auth/pages/auth-page'), (m) => m.AuthPage) },
      {
        path: '/auth/reset-password',
        lazy: page(() => import('@web/features/auth/pages/reset-password-page'), (m) => m.ResetPasswordPage),
      },
      { path: '/shared', lazy: page(() => import('@web/features/memories/pages/shared-memory-page'), (m) => m.SharedMemoryPage) },
      {
        path: '/shared/:token',
        lazy: page(() => import('@web/features/memories/pages/shared-memory-page'), (m) => m.SharedMemoryPage),
      },
      {
        path: '/shared/exhibition/:token',
        lazy: page(withOwnTexts('exhibitions', () => import('@web/features/exhibitions/pages/shared-exhibition-page')), (m) => m.SharedExhibitionPage),
      },
      { path: '/unsubscribe', lazy: page(() => import('@web/features/unsubscribe/pages/unsubscribe-page'), (m) => m.UnsubscribePage) },
      {
        lazy: page(loadMainLayout, (m) => m.MainLayout),
        children: [
          { path: '/community', lazy: page(withOwnTexts('community', () => import('@web/features/community/pages/community-page')), (m) => m.CommunityPage) },
          {
            path: '/privacy-policy',
            lazy: page(withOwnTexts('privacy', () => import('@web/features/privacy-policy/pages/privacy-policy-page')), (m) => m.PrivacyPolicyPage),
          },
          { path: '/safety', lazy: page(withOwnTexts('safety-page', () => import('@web/features/safety-page/pages/safety-page')), (m) => m.SafetyPage) },
          {
            path: '/home',
            lazy: page(() => import('./protected-route'), (m) => m.ProtectedRoute),
            children: [
              { index: true, lazy: page(() => import('@web/features/home/pages/home-page'), (m) => m.HomePage) },
              { path: 'chat', lazy: page(() => import('@web/features/chat/pages/chat-page'), (m) => m.ChatPage) },
              {
                path: 'admin',
                lazy: page(() => import('./admin-route'), (m) => m.AdminRoute),
                children: [{ index: true, lazy: page(loadAdminPage, (m) => m.AdminPage) }],
              },
              { path: 'profile', lazy: page(withOwnTexts('keeping', () => import('@web/features/profile/pages/profile-page')), (m) => m.ProfilePage) },
              { path: 'support', lazy: page(withOwnTexts('support', () => import('@web/features/support/pages/support-page')), (m) => m.SupportPage) },
              { path: 'pricing', lazy: page(withOwnTexts('billing', () => import('@web/features/billing/pages/pricing-page')), (m) => m.PricingPage) },
              { path: 'memories', lazy: page(() => import('@web/features/memories/pages/gallery-page'), (m) => m.GalleryPage) },
              {
                path: 'exhibitions/:id',
                lazy: page(withOwnTexts('exhibitions', () => import('@web/features/exhibitions/pages/exhibition-page')), (m) => m.ExhibitionPage),
              },
              { path: 'memories/year', lazy: page(() => import('@web/features/memories/pages/mood-year-page'), (m) => m.MoodYearPage) },
              {
                path: 'memories/:id',
                lazy: page(withOwnTexts('keeping', () => import('@web/features/memories/pages/memory-detail-page')), (m) => m.MemoryDetailPage),
              },
              {
                path: 'memories/edit/:id',
                lazy: page(() => import('@web/features/memories/pages/memory-edit-page'), (m) => m.MemoryEditPage),
              },
              { path: '*', lazy: page(() => import('@web/features/not-found/pages/not-found-page'), (m) => m.NotFoundPage) },
            ],
          },
          {
            // The sandbox's payment pages (decision 0025): the server names these addresses, outside /home.
            lazy: page(() => import('./protected-route'), (m) => m.ProtectedRoute),
            children: [
              {
                path: '/billing/sandbox/checkout/:id',
                lazy: page(withOwnTexts('billing', () => import('@web/features/billing/pages/sandbox-checkout-page')), (m) => m.SandboxCheckoutPage),
              },
              {
                path: '/billing/sandbox/portal',
                lazy: page(withOwnTexts('billing', () => import('@web/features/billing/pages/sandbox-portal-page')), (m) => m.SandboxPortalPage),
              },
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
