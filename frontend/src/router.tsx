import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, matchPath, useLocation, type Params, type RouteObject } from 'react-router-dom';
import { DEFAULT_DASHBOARD_DAYS } from '@ringcast/shared-types';
import { PublicLayout } from './layouts/PublicLayout';
import { LoadingSplash } from './components/LoadingSplash';
import { NotFoundPage } from './components/NotFoundPage';
import { PageLoading } from './components/PageLoading';
import { HomePage } from './pages/public/home/HomePage';
import { canOpen, redirectFor, type Access, type SignInReturn } from './routeAccess';
import { prefetchDashboard } from './api/dashboard';

type Layout = 'public' | 'app';

export interface AppRoute {
  path: string;
  access: Access;
  layout: Layout;
  Page: ComponentType;
  /** Starts what the page needs (its code, its data) as soon as the route is known, before it renders. */
  prefetch?: (params: Params) => void;
}

/** React.lazy for a module's named export; each call site becomes its own chunk. */
function lazyNamed<M>(load: () => Promise<M>, name: keyof M): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

/**
 * As lazyNamed, for a public page drawn with antd: shown inside antd's theme, whose code loads
 * beside the page's. The home page and the public layout use no antd, so a visitor's first load
 * carries none; signed-in pages have the theme from their layout.
 */
function lazyAntdPage<M>(load: () => Promise<M>, name: keyof M): ComponentType {
  return lazy(async () => {
    const [module, { AntdTheme }] = await Promise.all([load(), import('./AntdTheme')]);
    const Page = module[name] as ComponentType;
    return {
      default: () => (
        <AntdTheme>
          <Page />
        </AntdTheme>
      ),
    };
  });
}

const UseCasesPage = lazyAntdPage(() => import('./pages/public/use-cases/UseCasesPage'), 'UseCasesPage');
const IndustriesPage = lazyAntdPage(
  () => import('./pages/public/industries/IndustriesPage'),
  'IndustriesPage',
);
const PricingPage = lazyAntdPage(() => import('./pages/public/pricing/PricingPage'), 'PricingPage');
const FaqPage = lazyAntdPage(() => import('./pages/public/faq/FaqPage'), 'FaqPage');
const ContactPage = lazyAntdPage(() => import('./pages/public/contact/ContactPage'), 'ContactPage');
const LoginPage = lazyAntdPage(() => import('./pages/auth/LoginPage'), 'LoginPage');
const ResetPasswordPage = lazyAntdPage(() => import('./pages/auth/ResetPasswordPage'), 'ResetPasswordPage');
const UnsubscribePage = lazyAntdPage(
  () => import('./pages/public/unsubscribe/UnsubscribePage'),
  'UnsubscribePage',
);

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
const loadCampaignsPage = () => import('./pages/app/campaigns/CampaignsPage');
const CampaignsPage = lazyNamed(loadCampaignsPage, 'CampaignsPage');
let campaignCodeLoaded = false;
const loadCampaignPage = () =>
  import('./pages/app/campaign/CampaignPage').then((module) => {
    campaignCodeLoaded = true;
    return module;
  });
const CampaignPage = lazyNamed(loadCampaignPage, 'CampaignPage');
/** As the dashboard's: the campaign page's code (with the chart library) and its reads side by side. */
function prefetchCampaignPageRoute({ id }: Params) {
  const campaignId = Number(id);
  if (campaignCodeLoaded || !Number.isInteger(campaignId) || campaignId <= 0) return;
  void loadCampaignPage();
  // Its own small chunk: the signed-out first load does not carry the campaign API.
  void import('./api/campaignPagePrefetch').then(({ prefetchCampaignPage }) =>
    prefetchCampaignPage(campaignId),
  );
}
const EditAgentPage = lazyNamed(() => import('./pages/app/edit-agent/EditAgentPage'), 'EditAgentPage');
const CreateCampaignPage = lazyNamed(
  () => import('./pages/app/create-campaign/CreateCampaignPage'),
  'CreateCampaignPage',
);
const AccountPage = lazyNamed(() => import('./pages/app/account/AccountPage'), 'AccountPage');
const HelpPage = lazyNamed(() => import('./pages/app/help/HelpPage'), 'HelpPage');
const loadCheckoutPage = () => import('./pages/app/checkout/CheckoutPage');
const CheckoutPage = lazyNamed(loadCheckoutPage, 'CheckoutPage');

/**
 * The pages a customer goes on to from any other (their campaigns, a campaign, checkout), loaded
 * while the browser is idle after sign-in: each would otherwise be fetched, parsed and run only on
 * its first click (Pay & Launch waited 0.5 s more for the checkout's code the first time).
 */
const NEXT_PAGES = [loadCampaignsPage, loadCampaignPage, loadCheckoutPage];
let nextPagesLoading = false;
export function preloadNextPages(): void {
  if (nextPagesLoading) return;
  nextPagesLoading = true;
  const idle = (run: () => void) =>
    'requestIdleCallback' in globalThis
      ? globalThis.requestIdleCallback(run, { timeout: 3000 })
      : setTimeout(run, 1000);
  // One page per idle moment, so none holds up what the user does meanwhile.
  const next = (index: number) => {
    const load = NEXT_PAGES[index];
    if (!load) return;
    idle(
      () =>
        void load().then(
          () => next(index + 1),
          () => next(index + 1),
        ),
    );
  };
  next(0);
}
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
  // Open when signed in too: a link from the email may open in a browser signed in to any account.
  { path: '/reset-password', access: 'both', layout: 'public', Page: ResetPasswordPage },
  { path: '/unsubscribe', access: 'both', layout: 'public', Page: UnsubscribePage },
  { path: '/', access: 'private', layout: 'app', Page: DashboardPage, prefetch: prefetchDashboardPage },
  { path: '/campaigns', access: 'private', layout: 'app', Page: CampaignsPage },
  { path: '/campaigns/create', access: 'private', layout: 'app', Page: CreateCampaignPage },
  {
    path: '/campaigns/:id',
    access: 'private',
    layout: 'app',
    Page: CampaignPage,
    prefetch: prefetchCampaignPageRoute,
  },
  { path: '/campaigns/:id/agent', access: 'private', layout: 'app', Page: EditAgentPage },
  { path: '/account', access: 'private', layout: 'app', Page: AccountPage },
  { path: '/help', access: 'private', layout: 'app', Page: HelpPage },
  { path: '/admin', access: 'private', layout: 'app', Page: AdminPage },
  { path: '/checkout', access: 'private', layout: 'app', Page: CheckoutPage },
];

/** Runs the prefetch of the route the session opens at `pathname`, if it has one. */
export function prefetchRoute(pathname: string, signedIn: boolean): void {
  for (const route of ROUTES) {
    if (!canOpen(route.access, signedIn)) continue;
    const match = matchPath(route.path, pathname);
    // The first route that matches is the one shown ('/campaigns/create' before '/campaigns/:id').
    if (match) return route.prefetch?.(match.params);
  }
}

/**
 * A path the session may not open: visitors go to /login, carrying the address they wanted (a
 * call's link in an email, say) so signing in takes them there; signed-in users go home.
 */
function RedirectClosed({ signedIn }: { signedIn: boolean }) {
  const { pathname, search } = useLocation();
  const state: SignInReturn | undefined = signedIn ? undefined : { from: pathname + search };
  return <Navigate to={redirectFor(signedIn)} replace state={state} />;
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
      element: <RedirectClosed signedIn={signedIn} />,
    })),
  ];
}
