import { isAdminUser } from './admin';

type Viewer = { id: number; isAdmin: boolean; email: string };

/**
 * Who may see a call and what hangs off it (its transcript, its recording): its owner or an
 * admin. Anyone else is answered as if it did not exist (404), so ids reveal nothing.
 */
export const maySeeCall = (viewer: Viewer, call: { userId: number }) =>
  call.userId === viewer.id || isAdminUser(viewer);
