/** The marketing sections linked from the public top bar, its mobile menu and the footer. */
export const PUBLIC_SECTIONS = [
  { to: '/use-cases', label: 'Use Cases' },
  { to: '/industries', label: 'Industries' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'Contact' },
] as const;
