import { Link } from 'react-router-dom';
import { Logo } from '../components/Logo';
import { ButtonLink } from '../components/ButtonLink';
import { SIGN_UP_PATH } from '../components/authLinks';
import { PUBLIC_SECTIONS } from './publicSections';

export function PublicFooter() {
  return (
    <footer className="rc-public-footer">
      <div className="rc-container">
        <div className="rc-public-footer-top">
          <div className="rc-public-footer-brand">
            <Logo linkTo="/" />
            <p>AI voice agents that make and answer your business calls.</p>
          </div>
          <nav className="rc-public-footer-links" aria-label="Footer">
            {PUBLIC_SECTIONS.map((s) => (
              <Link key={s.to} to={s.to}>
                {s.label}
              </Link>
            ))}
          </nav>
          <ButtonLink to={SIGN_UP_PATH} variant="primary">
            Get started
          </ButtonLink>
        </div>
        <div className="rc-public-footer-bottom">
          <span>© 2025 Ringcast. All rights reserved.</span>
          <a href="https://northwind.vc" target="_blank" rel="noopener noreferrer">
            Backed by Northwind Ventures
          </a>
        </div>
      </div>
    </footer>
  );
}
