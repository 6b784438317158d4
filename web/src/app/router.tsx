import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { loadAppTexts } from '../i18n';
import { Outlet, useRoutes, type RouteObject } from 'react-router';
import { Loading } from '../components/Spinner';
import { PublicLayout } from './PublicLayout';
import { RequireAuth } from './RequireAuth';
import { ScrollToTop } from './ScrollToTop';

/** A page of the signed-in app or of signing in: its texts come with it, not with the landing page. */
function withAppTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadAppTexts()]).then(([page]) => page);
}

const LandingPage = lazy(() => import('../features/site/LandingPage'));
const HelpPage = lazy(() => import('../features/site/help/HelpPage'));
const HelpCategoryPage = lazy(() => import('../features/site/help/HelpCategoryPage'));
const HelpArticlePage = lazy(() => import('../features/site/help/HelpArticlePage'));
const FaqPage = lazy(() => import('../features/site/faq/FaqPage'));
const BlogPage = lazy(() => import('../features/site/blog/BlogPage'));
const AboutPage = lazy(() => import('../features/site/company/AboutPage'));
const CareersPage = lazy(() => import('../features/site/company/CareersPage'));
const PressPage = lazy(() => import('../features/site/company/PressPage'));
const UpdatesPage = lazy(() => import('../features/site/company/UpdatesPage'));
const SubscriptionPage = lazy(() => import('../features/site/plans/SubscriptionPage'));
const LegalPage = lazy(() => import('../features/site/legal/LegalPage'));
const ContactPage = lazy(() => import('../features/site/contact/ContactPage'));
const StatusPage = lazy(() => import('../features/site/status/StatusPage'));
const VerifyPage = lazy(() => import('../features/site/verify/VerifyPage'));
const NotFoundPage = lazy(() => import('../features/site/NotFoundPage'));
const LoginPage = lazy(withAppTexts(() => import('../features/accounts/LoginPage')));
const RegisterPage = lazy(withAppTexts(() => import('../features/accounts/RegisterPage')));
const ForgotPasswordPage = lazy(withAppTexts(() => import('../features/accounts/ForgotPasswordPage')));
const ResetPasswordPage = lazy(withAppTexts(() => import('../features/accounts/ResetPasswordPage')));
// The signed-in app is its own chunk: the public site does not ship it.
const AppLayout = lazy(withAppTexts(() => import('./AppLayout').then((m) => ({ default: m.AppLayout }))));
const ChildrenPage = lazy(() => import('../features/children/ChildrenPage'));
const ChildDetailPage = lazy(() => import('../features/children/ChildDetailPage'));
const MessagesPage = lazy(() => import('../features/messages/MessagesPage'));
const CalendarPage = lazy(() => import('./CalendarRoute'));
const MoneyPage = lazy(() => import('../features/money/MoneyPage'));
const DocumentsPage = lazy(() => import('../features/documents/DocumentsPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const ProfileEditPage = lazy(() => import('../features/profile/ProfileEditPage'));
const PrivacyPage = lazy(() => import('../features/profile/PrivacyPage'));
const EmailLinkPage = lazy(withAppTexts(() => import('../features/profile/EmailLinkPage')));
const ProfileHelpPage = lazy(() => import('../features/profile/ProfileHelpPage'));
const ProfileAboutPage = lazy(() => import('../features/profile/ProfileAboutPage'));
const SuggestionsPage = lazy(() => import('../features/profile/SuggestionsPage'));
const StatisticsPage = lazy(() => import('../features/reports/StatisticsPage'));
const FamiliesPage = lazy(() => import('../features/families/FamiliesPage'));
const BlockedPage = lazy(() => import('../features/families/BlockedPage'));
const NotificationsPage = lazy(() => import('../features/notifications/NotificationsPage'));
const NotificationPreferencesPage = lazy(() => import('../features/notifications/PreferencesPage'));
const SearchPage = lazy(() => import('../features/search/SearchPage'));
const PrintPage = lazy(() => import('../features/messages/PrintPage'));
const UnsubscribePage = lazy(withAppTexts(() => import('../features/notifications/UnsubscribePage')));
const AcceptAccessPage = lazy(withAppTexts(() => import('../features/accounts/AcceptAccessPage')));
const CasesPage = lazy(() => import('../features/families/professionals/CasesPage'));
const CasePage = lazy(() => import('../features/families/professionals/CasePage'));

/** Marks the document once a page is live (after a prerendered one is taken over): tests wait for it. */
function LiveMark() {
  useEffect(() => {
    document.documentElement.dataset.live = 'true';
  }, []);
  return null;
}

const page = (node: ReactNode) => (
  <Suspense fallback={<Loading />}>
    <LiveMark />
    {node}
  </Suspense>
);

function Root() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}

/** The legal texts of spec §2, one page component, one route each. */
const LEGAL = [
  ['terms', 'terms'],
  ['privacy', 'privacy'],
  ['cookies', 'cookies'],
  ['gdpr', 'gdpr'],
  ['email-terms', 'emailTerms'],
  ['email-privacy', 'emailPrivacy'],
] as const;

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: page(<LandingPage />) },
          { path: 'help', element: page(<HelpPage />) },
          { path: 'help/:category', element: page(<HelpCategoryPage />) },
          { path: 'help/:category/:articleId', element: page(<HelpArticlePage />) },
          { path: 'faq', element: page(<FaqPage />) },
          { path: 'blog', element: page(<BlogPage />) },
          { path: 'blog/:slug', element: page(<BlogPage />) },
          { path: 'about', element: page(<AboutPage />) },
          { path: 'careers', element: page(<CareersPage />) },
          { path: 'press', element: page(<PressPage />) },
          { path: 'updates', element: page(<UpdatesPage />) },
          { path: 'subscription', element: page(<SubscriptionPage />) },
          { path: 'contact', element: page(<ContactPage />) },
          { path: 'status', element: page(<StatusPage />) },
          ...['verificar', 'verify'].flatMap((path) => [
            { path, element: page(<VerifyPage />) },
            { path: `${path}/:codigo`, element: page(<VerifyPage />) },
          ]),
          ...LEGAL.map(([path, doc]) => ({ path, element: page(<LegalPage doc={doc} />) })),
          { path: '*', element: page(<NotFoundPage />) },
        ],
      },
      { path: 'login', element: page(<LoginPage />) },
      { path: 'register', element: page(<RegisterPage />) },
      { path: 'register-invited', element: page(<RegisterPage invited />) },
      { path: 'forgot-password', element: page(<ForgotPasswordPage />) },
      { path: 'reset-password', element: page(<ResetPasswordPage />) },
      { path: 'reset-password/:token', element: page(<ResetPasswordPage />) },
      { path: 'verify-email', element: page(<EmailLinkPage kind="verify" />) },
      { path: 'verify-email/:token', element: page(<EmailLinkPage kind="verify" />) },
      { path: 'confirm-email', element: page(<EmailLinkPage kind="confirm" />) },
      { path: 'confirm-email/:token', element: page(<EmailLinkPage kind="confirm" />) },
      { path: 'unsubscribe', element: page(<UnsubscribePage />) },
      { path: 'casos/aceptar', element: page(<AcceptAccessPage />) },
      {
        element: <RequireAuth>{page(<AppLayout />)}</RequireAuth>,
        children: [
          { path: 'children', element: page(<ChildrenPage />) },
          { path: 'children/:childId', element: page(<ChildDetailPage />) },
          { path: 'messages', element: page(<MessagesPage />) },
          { path: 'messages/:id', element: page(<MessagesPage />) },
          { path: 'messages/:id/print', element: page(<PrintPage />) },
          { path: 'search', element: page(<SearchPage />) },
          { path: 'calendar', element: page(<CalendarPage />) },
          { path: 'finances', element: page(<MoneyPage />) },
          { path: 'notifications', element: page(<NotificationsPage />) },
          { path: 'profile', element: page(<ProfilePage />) },
          { path: 'profile/edit', element: page(<ProfileEditPage />) },
          { path: 'profile/privacy', element: page(<PrivacyPage />) },
          { path: 'profile/coparents', element: page(<FamiliesPage />) },
          { path: 'profile/blocked', element: page(<BlockedPage />) },
          { path: 'profile/help', element: page(<ProfileHelpPage />) },
          { path: 'profile/about', element: page(<ProfileAboutPage />) },
          { path: 'profile/suggestions', element: page(<SuggestionsPage />) },
          { path: 'profile/notifications', element: page(<NotificationPreferencesPage />) },
          { path: 'profile/documents', element: page(<DocumentsPage />) },
          { path: 'profile/reports', element: page(<StatisticsPage />) },
          { path: 'casos', element: page(<CasesPage />) },
          { path: 'casos/:familiaId', element: page(<CasePage />) },
        ],
      },
    ],
  },
];

/** The app's pages, under whichever router is around them (browser, or static when prerendering). */
export function AppRoutes() {
  return useRoutes(routes);
}
