/** A section reveals once a fifth of it is on screen, then stays visible. */
export const REVEAL_THRESHOLD = 0.2;

type EntryLike = Pick<IntersectionObserverEntry, 'isIntersecting' | 'intersectionRatio'>;

/** True when an observer entry shows enough of the section to reveal it. */
export function shouldReveal(entry: EntryLike, threshold = REVEAL_THRESHOLD): boolean {
  // Small tolerance: browsers report ratios such as 0.19999 at the crossing point.
  return entry.isIntersecting && entry.intersectionRatio >= threshold - 0.001;
}

/** Without IntersectionObserver (old browsers, prerendering) sections show at once. */
export function canObserveIntersections(): boolean {
  return typeof IntersectionObserver !== 'undefined';
}
