import { useEffect, useMemo } from 'react';
import { useLocation, useRoutes } from 'react-router-dom';
import { useAuthStore } from './stores/authStore';
import { LoadingSplash } from './components/LoadingSplash';
import { Toaster } from './components/toast/Toaster';
import { ScrollToTop } from './components/ScrollToTop';
import { buildRoutes, prefetchRoute, preloadNextPages } from './router';

function AppRoutes() {
  const status = useAuthStore((s) => s.status);
  const routes = useMemo(() => buildRoutes(status === 'authenticated'), [status]);
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  useEffect(() => {
    if (status !== 'loading') prefetchRoute(pathname, status === 'authenticated');
  }, [pathname, status]);
  useEffect(() => {
    if (status === 'authenticated') preloadNextPages();
  }, [status]);
  return status === 'loading' ? <LoadingSplash /> : element;
}

export function App() {
  return (
    <>
      <ScrollToTop />
      <AppRoutes />
      <Toaster />
    </>
  );
}
