import { Link } from 'react-router-dom';

/** The wordmark with its sound-wave mark; `linkTo` makes it a link (to the home page). */
export function Logo({ linkTo, size = 28 }: { linkTo?: string; size?: number }) {
  const content = (
    <>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M9 12v8M13 9v14M17 12v8M21 14v4" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <span className="rc-logo-text">Ringcast</span>
    </>
  );
  return linkTo ? (
    <Link to={linkTo} className="rc-logo">
      {content}
    </Link>
  ) : (
    <span className="rc-logo">{content}</span>
  );
}
