/**
 * State of a list where at most one entry is open: clicking the open entry closes it,
 * clicking another one opens it and closes the previous.
 */
export type OpenId = string | null;

export function toggleOpen(current: OpenId, clicked: string): OpenId {
  return current === clicked ? null : clicked;
}
