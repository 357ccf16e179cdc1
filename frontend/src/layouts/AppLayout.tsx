import { useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { AntdTheme } from '../AntdTheme';
import { MenuToggle } from '../components/MenuToggle';
import { Logo } from '../components/Logo';
import { SandboxBadge } from '../components/SandboxBadge';
import { useAuthStore } from '../stores/authStore';
import { appTabsFor, isTabActive } from './appTabs';
import { UserMenu } from './UserMenu';
import './topBar.css';
import './appLayout.css';

export function AppLayout() {
  const user = useAuthStore((s) => s.user);
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const tabs = appTabsFor(user);

  const tabLinks = (className: string) =>
    tabs.map((tab) => {
      const active = isTabActive(tab, pathname);
      return (
        <Link
          key={tab.to}
          to={tab.to}
          className={active ? `${className} active` : className}
          aria-current={active ? 'page' : undefined}
          onClick={() => setMenuOpen(false)}
        >
          {tab.label}
        </Link>
      );
    });

  return (
    <AntdTheme>
      <div className="rc-app">
        <header className="rc-app-header">
          <div className="rc-container rc-top-bar">
            <span className="rc-brand">
              <Logo linkTo="/" />
              <SandboxBadge />
            </span>
            <nav className="rc-top-bar-nav rc-app-tabs" aria-label="Main">
              {tabLinks('rc-app-tab')}
            </nav>
            <div className="rc-top-bar-actions">
              {user && <UserMenu user={user} />}
              <MenuToggle
                open={menuOpen}
                controls="rc-app-menu"
                onToggle={() => setMenuOpen((open) => !open)}
              />
            </div>
          </div>
          {menuOpen && (
            <nav id="rc-app-menu" className="rc-top-bar-menu" aria-label="Sections">
              {tabLinks('rc-top-bar-menu-link rc-app-menu-link')}
            </nav>
          )}
        </header>
        <main className="rc-container rc-app-main">
          <Outlet />
        </main>
      </div>
    </AntdTheme>
  );
}
