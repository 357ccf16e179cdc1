/** Who may open a route: signed-out visitors, signed-in users, or both. */
export type Access = 'public' | 'private' | 'both';

export function canOpen(access: Access, signedIn: boolean): boolean {
  return access === 'both' || (access === 'private') === signedIn;
}

/** Where a session lands when it opens a path it may not: visitors sign in, users go home. */
export const redirectFor = (signedIn: boolean) => (signedIn ? '/' : '/login');

/** The /login entry's history state when a visitor was sent there from a signed-in page. */
export interface SignInReturn {
  from: string;
}

/** Where signing in leads: the page the visitor was sent from (a path of ours only), else home. */
export function afterSignIn(state: unknown): string {
  const from = (state as Partial<SignInReturn> | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}
