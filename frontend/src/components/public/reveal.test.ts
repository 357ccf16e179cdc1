import { describe, expect, it } from 'vitest';
import { canObserveIntersections, shouldReveal } from './reveal';

describe('shouldReveal', () => {
  it('reveals once a fifth of the section is visible', () => {
    expect(shouldReveal({ isIntersecting: true, intersectionRatio: 0.2 })).toBe(true);
    expect(shouldReveal({ isIntersecting: true, intersectionRatio: 0.1999 })).toBe(true);
    expect(shouldReveal({ isIntersecting: true, intersectionRatio: 1 })).toBe(true);
  });

  it('waits while less than a fifth is visible', () => {
    expect(shouldReveal({ isIntersecting: true, intersectionRatio: 0.05 })).toBe(false);
    expect(shouldReveal({ isIntersecting: false, intersectionRatio: 0 })).toBe(false);
  });
});

describe('canObserveIntersections', () => {
  it('is false where IntersectionObserver does not exist (node)', () => {
    expect(canObserveIntersections()).toBe(false);
  });
});
