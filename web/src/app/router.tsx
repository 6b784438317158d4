import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { Loading } from '../components/Spinner';
import { PublicLayout } from './PublicLayout';
import { RequireAuth } from './RequireAuth';
import { ScrollToTop } from './ScrollToTop';

const LandingPage = lazy(() => import('../features/site/LandingPage'));
const PreparingPage = lazy(() => import('../features/site/PreparingPage'));
const NotFoundPage = lazy(() => import('../features/site/NotFoundPage'));
const LoginPage = lazy(() => import('../features/accounts/LoginPage'));
const RegisterPage = lazy(() => import('../features/accounts/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('../features/accounts/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/accounts/ResetPasswordPage'));
// The signed-in app is its own chunk: the public site does not ship it.
const AppLayout = lazy(() => import('./AppLayout').then((m) => ({ default: m.AppLayout })));
const ChildrenPage = lazy(() => import('../features/children/ChildrenPage'));
const ChildDetailPage = lazy(() => import('../features/children/ChildDetailPage'));
const ComingSoonPage = lazy(() => import('../features/layout/ComingSoonPage'));

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

function Root() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}

/** Public pages of spec §2 whose content comes later: they exist and say so. */
const PREPARING = [
  ['contact', 'contact'],
  ['subscription', 'subscription'],
  ['terms', 'terms'],
  ['privacy', 'privacy'],
  ['cookies', 'cookies'],
  ['gdpr', 'gdpr'],
  ['help', 'help'],
  ['help/:category', 'help'],
  ['help/:category/:articleId', 'help'],
  ['faq', 'faq'],
  ['status', 'status'],
  ['about', 'about'],
  ['blog', 'blog'],
  ['blog/:slug', 'blog'],
  ['careers', 'careers'],
  ['press', 'press'],
  ['updates', 'updates'],
  ['email-terms', 'emailTerms'],
  ['email-privacy', 'emailPrivacy'],
] as const;

const PROFILE_SECTIONS = [
  'coparents',
  'documents',
  'reports',
  'suggestions',
  'notifications',
  'privacy',
  'blocked',
  'help',
  'about',
] as const;

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: page(<LandingPage />) },
          ...PREPARING.map(([path, key]) => ({ path, element: page(<PreparingPage page={key} />) })),
          { path: '*', element: page(<NotFoundPage />) },
        ],
      },
      { path: 'login', element: page(<LoginPage />) },
      { path: 'register', element: page(<RegisterPage />) },
      { path: 'register-invited', element: page(<RegisterPage invited />) },
      { path: 'forgot-password', element: page(<ForgotPasswordPage />) },
      { path: 'reset-password', element: page(<ResetPasswordPage />) },
      { path: 'reset-password/:token', element: page(<ResetPasswordPage />) },
      {
        element: <RequireAuth>{page(<AppLayout />)}</RequireAuth>,
        children: [
          { path: 'children', element: page(<ChildrenPage />) },
          { path: 'children/:childId', element: page(<ChildDetailPage />) },
          { path: 'messages', element: page(<ComingSoonPage section="messages" />) },
          { path: 'calendar', element: page(<ComingSoonPage section="calendar" />) },
          { path: 'finances', element: page(<ComingSoonPage section="finances" />) },
          { path: 'profile', element: page(<ComingSoonPage section="profile" />) },
          { path: 'profile/edit', element: page(<ComingSoonPage section="profileEdit" />) },
          ...PROFILE_SECTIONS.map((s) => ({ path: `profile/${s}`, element: page(<ComingSoonPage section={s} />) })),
        ],
      },
    ],
  },
]);
