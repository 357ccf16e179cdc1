import type { User } from '@ringcast/shared-types';
import { adminHandlers } from './admin';
import { appointmentHandlers } from './appointments';
import { billingHandlers } from './billing';
import { callbackHandlers } from './callbacks';
import { callHandlers } from './calls';
import { campaignHandlers } from './campaigns';
import { prospectListHandlers } from './prospectLists';
import { ticketHandlers } from './tickets';

/**
 * Attaches every handler of a signed-in session (the admin ones only for an admin; the server
 * puts only admins in the admins room anyway). Returns the function that detaches them all.
 */
export function registerHandlers(user: Pick<User, 'isAdmin'>): () => void {
  const stops = [
    ...campaignHandlers(),
    ...prospectListHandlers(),
    ...ticketHandlers(),
    ...callHandlers(),
    ...billingHandlers(),
    ...appointmentHandlers(),
    ...callbackHandlers(),
    ...(user.isAdmin ? adminHandlers() : []),
  ];
  return () => stops.forEach((stop) => stop());
}
