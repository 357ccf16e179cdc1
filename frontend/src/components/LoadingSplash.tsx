import { Spin } from 'antd';
import { Logo } from './Logo';

/** Full-screen splash shown while the session loads: the logo and a spinner, nothing else. */
export function LoadingSplash() {
  return (
    <div className="rc-splash" role="progressbar" aria-busy="true" aria-label="Loading">
      <Logo size={40} />
      <Spin size="large" />
    </div>
  );
}
