import { object, type InferType } from 'yup';
import { TICKET_STATUSES, type SupportTicket } from '../domain/supportTicket';
import { trimmedText } from './fields';

export const SUBJECT_MAX = 200;
export const MESSAGE_MIN = 10;
export const TEXT_MAX = 5000;

export const createSupportTicketSchema = object({
  subject: trimmedText()
    .required('Subject is required')
    .max(SUBJECT_MAX, `Subject must be at most ${SUBJECT_MAX} characters`),
  message: trimmedText()
    .required(`Message must be at least ${MESSAGE_MIN} characters`)
    .min(MESSAGE_MIN, `Message must be at least ${MESSAGE_MIN} characters`)
    .max(TEXT_MAX, `Message must be at most ${TEXT_MAX} characters`),
});
export type CreateSupportTicketInput = InferType<typeof createSupportTicketSchema>;

export const updateSupportTicketSchema = object({
  status: trimmedText()
    .required('Status is required')
    .oneOf(TICKET_STATUSES, `Status must be one of: ${TICKET_STATUSES.join(', ')}`),
  /** A non-blank response replaces the saved one; blank or missing keeps it (a status click never wipes an answer). */
  adminResponse: trimmedText()
    .max(TEXT_MAX, `Admin response must be at most ${TEXT_MAX} characters`)
    .nullable(),
});
export type UpdateSupportTicketInput = InferType<typeof updateSupportTicketSchema>;

/** A ticket as the admin Support tab lists it: with its owner's name and email. */
export interface AdminSupportTicket extends SupportTicket {
  firstName: string;
  lastName: string;
  email: string;
}
