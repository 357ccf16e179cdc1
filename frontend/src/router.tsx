import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { DEFAULT_DASHBOARD_DAYS } from '@ringcast/shared-types';
import { PublicLayout } from './layouts/PublicLayout';
import { LoadingSplash } from './components/LoadingSplash';
import { NotFoundPage } from './components/NotFoundPage';
import { PageLoading } from './components/PageLoading';
import { HomePage } from './pages/public/home/HomePage';
import { canOpen, redirectFor, type Access } from './routeAccess';
import { prefetchDashboard } from './api/dashboard';

type Layout = 'public' | 'app';

export interface AppRoute {
  path: string;
  access: Access;
  layout: Layout;
  Page: ComponentType;
  /** Starts what the page needs (its code, its data) as soon as the route is known, before it renders. */
  prefetch?: () => void;
}

/** React.lazy for a module's named export; each call site becomes its own chunk. */
function lazyNamed<M>(load: () => Promise<M>, name: keyof M): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const UseCasesPage = lazyNamed(() => import('./pages/public/use-cases/UseCasesPage'), 'UseCasesPage');
const IndustriesPage = lazyNamed(() => import('./pages/public/industries/IndustriesPage'), 'IndustriesPage');
const PricingPage = lazyNamed(() => import('./pages/public/pricing/PricingPage'), 'PricingPage');
const FaqPage = lazyNamed(() => import('./pages/public/faq/FaqPage'), 'FaqPage');
const ContactPage = lazyNamed(() => import('./pages/public/contact/ContactPage'), 'ContactPage');
const LoginPage = lazyNamed(() => import('./pages/auth/LoginPage'), 'LoginPage');

const AppLayout = lazyNamed(() => import('./layouts/AppLayout'), 'AppLayout');
let dashboardCodeLoaded = false;
const loadDashboardPage = () =>
  import('./pages/app/dashboard/DashboardPage').then((module) => {
    dashboardCodeLoaded = true;
    return module;
  });
const DashboardPage = lazyNamed(loadDashboardPage, 'DashboardPage');
/**
 * A cold first load of the dashboard fetches its code and its data side by side. Once the code is
 * in, the page reads its data itself as it mounts, and nothing is prefetched.
 */
function prefetchDashboardPage() {
  if (dashboardCodeLoaded) return;
  void loadDashboardPage();
  prefetchDashboard(DEFAULT_DASHBOARD_DAYS);
}
const CampaignsPage = lazyNamed(() => import('./pages/app/campaigns/CampaignsPage'), 'CampaignsPage');
const CampaignPage = lazyNamed(() => import('./pages/app/campaign/CampaignPage'), 'CampaignPage');
const EditAgentPage = lazyNamed(() => import('./pages/app/edit-agent/EditAgentPage'), 'EditAgentPage');
const CreateCampaignPage = lazyNamed(
  () => import('./pages/app/create-campaign/CreateCampaignPage'),
  'CreateCampaignPage',
);
const AccountPage = lazyNamed(() => import('./pages/app/account/AccountPage'), 'AccountPage');
const HelpPage = lazyNamed(() => import('./pages/app/help/HelpPage'), 'HelpPage');
const CheckoutPage = lazyNamed(() => import('./pages/app/checkout/CheckoutPage'), 'CheckoutPage');
const AdminPage = lazyNamed(() => import('./pages/admin/AdminPage'), 'AdminPage');

/**
 * The route table (spec §2). "/" appears twice: the home page for visitors, the dashboard for
 * signed-in users. Marketing pages stay readable after signing in.
 */
export const ROUTES: AppRoute[] = [
  { path: '/', access: 'public', layout: 'public', Page: HomePage },
  { path: '/use-cases', access: 'both', layout: 'public', Page: UseCasesPage },
  { path: '/industries', access: 'both', layout: 'public', Page: IndustriesPage },
  { path: '/pricing', access: 'both', layout: 'public', Page: PricingPage },
  { path: '/faq', access: 'both', layout: 'public', Page: FaqPage },
  { path: '/contact', access: 'both', layout: 'public', Page: ContactPage },
  { path: '/login', access: 'public', layout: 'public', Page: LoginPage },
  { path: '/', access: 'private', layout: 'app', Page: DashboardPage, prefetch: prefetchDashboardPage },
  { path: '/campaigns', access: 'private', layout: 'app', Page: CampaignsPage },
  { path: '/campaigns/create', access: 'private', layout: 'app', Page: CreateCampaignPage },
  { path: '/campaigns/:id', access: 'private', layout: 'app', Page: CampaignPage },
  { path: '/campaigns/:id/agent', access: 'private', layout: 'app', Page: EditAgentPage },
  { path: '/account', access: 'private', layout: 'app', Page: AccountPage },
  { path: '/help', access: 'private', layout: 'app', Page: HelpPage },
  { path: '/admin', access: 'private', layout: 'app', Page: AdminPage },
  { path: '/checkout', access: 'private', layout: 'app', Page: CheckoutPage },
];

/** Runs the prefetch of the route the session opens at `pathname`, if it has one. */
export function prefetchRoute(pathname: string, signedIn: boolean): void {
  ROUTES.find((r) => r.path === pathname && canOpen(r.access, signedIn))?.prefetch?.();
}

/**
 * The routes for the current session. A path the session may not open redirects: visitors to
 * /login, signed-in users to /.
 */
export function buildRoutes(signedIn: boolean): RouteObject[] {
  const open = ROUTES.filter((r) => canOpen(r.access, signedIn));
  const openPaths = new Set(open.map((r) => r.path));
  const closedPaths = new Set(ROUTES.map((r) => r.path).filter((p) => !openPaths.has(p)));
  // Any other path: Page Not Found, inside the session's own layout (its header, menu and footer).
  const notFoundLayout: Layout = signedIn ? 'app' : 'public';
  const children = (layout: Layout): RouteObject[] => [
    ...open
      .filter((r) => r.layout === layout)
      .map(({ path, Page }) => ({
        path,
        element: (
          <Suspense fallback={<PageLoading />}>
            <Page />
          </Suspense>
        ),
      })),
    ...(layout === notFoundLayout ? [{ path: '*', element: <NotFoundPage /> }] : []),
  ];

  return [
    { element: <PublicLayout />, children: children('public') },
    {
      element: (
        <Suspense fallback={<LoadingSplash />}>
          <AppLayout />
        </Suspense>
      ),
      children: children('app'),
    },
    ...[...closedPaths].map((path) => ({
      path,
      element: <Navigate to={redirectFor(signedIn)} replace />,
    })),
  ];
}
