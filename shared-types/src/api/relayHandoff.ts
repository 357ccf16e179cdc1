import { object, string } from 'yup';
import { CALL_OUTCOMES } from '../domain/call';
import { TRANSFER_LABEL_MAX } from '../domain/transfer';

/**
 * HandoffData as the `<Connect action>` request brings it back: the JSON string of our `end` frame
 * (RelayHandoff). Anything else in it is dropped; an outcome we do not know is no outcome.
 */
export const relayHandoffSchema = object({
  reason: string().max(64, 'reason must be at most 64 characters').optional(),
  outcome: string()
    .nullable()
    .optional()
    .oneOf([...CALL_OUTCOMES, null], `outcome must be one of ${CALL_OUTCOMES.join(', ')}`),
  /** reason `transfer`: the destination's label and the summary whispered to the person who answers. */
  destination: string().max(TRANSFER_LABEL_MAX).optional(),
  summary: string().max(500).optional(),
});
