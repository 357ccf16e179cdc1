import { calcomConnectSchema, calcomEventTypesSchema } from '@ringcast/shared-types';
import { ValidationError } from 'yup';

/** The first message of a shared schema's refusal, or null when the value passes. */
function firstProblem(check: () => unknown): string | null {
  try {
    check();
    return null;
  } catch (err) {
    if (err instanceof ValidationError) return err.errors[0] ?? err.message;
    throw err;
  }
}

/** Why "Load event types" cannot be asked yet (no key typed), by the schema the server applies. */
export const eventTypesProblem = (apiKey: string): string | null =>
  firstProblem(() => calcomEventTypesSchema.validateSync({ apiKey }));

/** Why "Connect" cannot be asked yet (no key, no event type chosen). */
export const connectProblem = (apiKey: string, eventTypeId: number | null): string | null =>
  firstProblem(() => calcomConnectSchema.validateSync({ apiKey, eventTypeId }));

/** "•••• 1a2b": the end of a stored key, to recognise it without showing it. */
export const keyEnding = (last4: string | null): string => (last4 ? `•••• ${last4}` : '••••');
