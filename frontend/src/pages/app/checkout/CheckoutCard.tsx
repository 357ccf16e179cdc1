import type { CSSProperties, ReactNode } from 'react';

interface CheckoutCardProps {
  /** Names its class (rc-checkout-<name>) and its title's id (checkout-<name>-title). */
  name: 'summary' | 'payment' | 'pricing';
  title: string;
  titleStyle?: CSSProperties;
  children: ReactNode;
}

/** One of the checkout page's cards, named by its heading. */
export function CheckoutCard({ name, title, titleStyle, children }: CheckoutCardProps) {
  const titleId = `checkout-${name}-title`;
  return (
    <section className={`rc-checkout-card rc-checkout-${name}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="rc-checkout-card-title" style={titleStyle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
