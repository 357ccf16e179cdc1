import type { User } from '@ringcast/shared-types';

export interface AppTab {
  to: string;
  label: string;
}

/** The signed-in tabs; Admin only for administrators. */
export function appTabsFor(user: User | null): AppTab[] {
  const tabs: AppTab[] = [
    { to: '/', label: 'Stats' },
    { to: '/campaigns', label: 'Campaigns' },
    { to: '/account', label: 'Account' },
    { to: '/help', label: 'Help' },
  ];
  if (user?.isAdmin) tabs.push({ to: '/admin', label: 'Admin' });
  return tabs;
}

/** A tab is active when its path prefixes the current one; Stats ("/") only on exactly "/". */
export function isTabActive(tabPath: string, pathname: string): boolean {
  if (tabPath === '/') return pathname === '/';
  return pathname === tabPath || pathname.startsWith(`${tabPath}/`);
}
