import type { CSSProperties } from 'react';

/** A <button> with no visual chrome of its own (the keyboard focus ring stays). */
export const plainButtonStyle: CSSProperties = {
  display: 'block',
  width: '100%',
  padding: 0,
  border: 0,
  background: 'none',
  font: 'inherit',
  color: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  outlineOffset: 4,
};

/** Hidden on screen, still read by screen readers. */
export const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};
