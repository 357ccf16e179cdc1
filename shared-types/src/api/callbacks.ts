import { CALLBACK_STATUSES } from '../domain/callback';
import { mixed, object } from 'yup';

export const CALLBACK_MESSAGES = {
  notFound: 'Callback not found',
  notScheduled: 'This callback is no longer scheduled',
} as const;

/** GET /api/campaigns/:id/callbacks?status=: the campaign's callbacks, the soonest due first. */
export const callbackQuerySchema = object({
  status: mixed<(typeof CALLBACK_STATUSES)[number]>()
    .oneOf([...CALLBACK_STATUSES, undefined], `status must be one of ${CALLBACK_STATUSES.join(', ')}`)
    .optional(),
});
