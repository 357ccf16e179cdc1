/** Who may open a route: signed-out visitors, signed-in users, or both. */
export type Access = 'public' | 'private' | 'both';

export function canOpen(access: Access, signedIn: boolean): boolean {
  return access === 'both' || (access === 'private') === signedIn;
}

/** Where a session lands when it opens a path it may not: visitors sign in, users go home. */
export const redirectFor = (signedIn: boolean) => (signedIn ? '/' : '/login');
