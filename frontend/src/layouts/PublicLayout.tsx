import { useEffect, useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { MenuToggle } from '../components/MenuToggle';
import { Logo } from '../components/Logo';
import { SandboxBadge } from '../components/SandboxBadge';
import { ButtonLink } from '../components/ButtonLink';
import { SIGN_IN_PATH, SIGN_UP_PATH } from '../components/authLinks';
import { useAuthStore } from '../stores/authStore';
import { PublicFooter } from './PublicFooter';
import { PUBLIC_SECTIONS } from './publicSections';
import './topBar.css';
import './publicLayout.css';

/** Spec §2: the bar turns white once the page is scrolled more than this. */
const SOLID_AFTER_PX = 50;

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(() => window.scrollY > threshold);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}

export function PublicLayout() {
  const scrolled = useScrolledPast(SOLID_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const signedIn = useAuthStore((s) => s.status === 'authenticated');
  const closeMenu = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <div className="rc-public">
      <header className="rc-public-header" data-scrolled={scrolled || menuOpen}>
        <div className="rc-container rc-top-bar">
          <span className="rc-brand">
            <Logo linkTo="/" />
            <SandboxBadge />
          </span>
          <nav className="rc-top-bar-nav rc-public-nav" aria-label="Main">
            {PUBLIC_SECTIONS.map((s) => (
              <NavLink key={s.to} to={s.to} className="rc-public-link">
                {s.label}
              </NavLink>
            ))}
          </nav>
          <div className="rc-top-bar-actions">
            {signedIn ? (
              <ButtonLink to="/" variant="primary">
                Dashboard
              </ButtonLink>
            ) : (
              <>
                <ButtonLink to={SIGN_IN_PATH} variant="text">
                  Log In
                </ButtonLink>
                <ButtonLink to={SIGN_UP_PATH} variant="primary">
                  Sign up
                </ButtonLink>
              </>
            )}
            <MenuToggle
              open={menuOpen}
              controls="rc-public-menu"
              onToggle={() => setMenuOpen((open) => !open)}
            />
          </div>
        </div>
        {menuOpen && (
          <nav id="rc-public-menu" className="rc-top-bar-menu rc-public-menu" aria-label="Sections">
            {PUBLIC_SECTIONS.map((s) => (
              <NavLink
                key={s.to}
                to={s.to}
                className="rc-top-bar-menu-link rc-public-menu-link"
                onClick={closeMenu}
              >
                {s.label}
              </NavLink>
            ))}
          </nav>
        )}
      </header>
      {menuOpen && <div className="rc-public-menu-backdrop" aria-hidden="true" onClick={closeMenu} />}
      <main className="rc-public-main">
        <div className="rc-container">
          <Outlet />
        </div>
      </main>
      <PublicFooter />
    </div>
  );
}
