import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** A new page starts at the top; a link to an anchor (/#pricing-section) scrolls to it instead. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    // The target may render a frame later (lazy page), so look for it after paint.
    const frame = requestAnimationFrame(() =>
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView(),
    );
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash]);
  return null;
}
