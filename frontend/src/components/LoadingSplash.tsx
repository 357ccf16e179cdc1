import { Logo } from './Logo';
import { Spinner } from './Spinner';

/** Full-screen splash shown while the session loads: the logo and a spinner, nothing else. */
export function LoadingSplash() {
  return (
    <div className="rc-splash" role="progressbar" aria-busy="true" aria-label="Loading">
      <Logo size={40} />
      <Spinner size="large" />
    </div>
  );
}
