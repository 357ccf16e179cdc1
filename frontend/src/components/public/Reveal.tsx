import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { canObserveIntersections, REVEAL_THRESHOLD, shouldReveal } from './reveal';

interface RevealProps {
  id?: string;
  children: ReactNode;
  style?: CSSProperties;
  'aria-labelledby'?: string;
}

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * A page section that fades in the first time 20% of it scrolls into view and then stays visible.
 * Without IntersectionObserver it is visible from the start.
 */
export function Reveal({ id, children, style, ...aria }: RevealProps) {
  const ref = useRef<HTMLElement>(null);
  const [visible, setVisible] = useState(() => !canObserveIntersections());
  const [animate] = useState(() => !prefersReducedMotion());

  useEffect(() => {
    const node = ref.current;
    if (visible || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => shouldReveal(entry))) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [visible]);

  return (
    <section
      ref={ref}
      id={id}
      data-revealed={visible}
      {...aria}
      style={{
        padding: '56px 0',
        scrollMarginTop: 80,
        opacity: visible || !animate ? 1 : 0,
        transform: visible || !animate ? 'none' : 'translateY(24px)',
        transition: animate ? 'opacity 600ms ease-out, transform 600ms ease-out' : undefined,
        ...style,
      }}
    >
      {children}
    </section>
  );
}
