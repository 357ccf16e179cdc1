import type { User } from '@ringcast/shared-types';

export interface AppTab {
  to: string;
  label: string;
  /** Other pages that belong to this tab (checkout is where a campaign is paid for). */
  also?: readonly string[];
}

/** The signed-in tabs; Admin only for administrators. */
export function appTabsFor(user: User | null): AppTab[] {
  const tabs: AppTab[] = [
    { to: '/', label: 'Stats' },
    { to: '/campaigns', label: 'Campaigns', also: ['/checkout'] },
    { to: '/account', label: 'Account' },
    { to: '/help', label: 'Help' },
  ];
  if (user?.isAdmin) tabs.push({ to: '/admin', label: 'Admin' });
  return tabs;
}

const isUnder = (path: string, pathname: string) => pathname === path || pathname.startsWith(`${path}/`);

/**
 * A tab is active when its path (or one of its `also` pages) prefixes the current one; Stats ("/")
 * only on exactly "/".
 */
export function isTabActive(tab: AppTab, pathname: string): boolean {
  if (tab.to === '/') return pathname === '/';
  return [tab.to, ...(tab.also ?? [])].some((path) => isUnder(path, pathname));
}
