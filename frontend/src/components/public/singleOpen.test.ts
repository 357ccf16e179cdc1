import { describe, expect, it } from 'vitest';
import { toggleOpen } from './singleOpen';

describe('toggleOpen', () => {
  it('opens an entry when none is open', () => {
    expect(toggleOpen(null, 'sales')).toBe('sales');
  });

  it('closes the open entry on a second click', () => {
    expect(toggleOpen('sales', 'sales')).toBeNull();
  });

  it('switches to another entry, keeping only one open', () => {
    expect(toggleOpen('sales', 'healthcare')).toBe('healthcare');
  });
});
