import type { CSSProperties } from 'react';

/** Fields side by side on wide screens, one per row on narrow ones. */
export const formGridStyle: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
  gap: 16,
};
