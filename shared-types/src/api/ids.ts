import { number } from 'yup';

/** A row id: a positive whole number the database can hold and JavaScript can count exactly. */
export const recordId = () =>
  number()
    .typeError('${path} must be a number')
    .integer('${path} must be a whole number')
    .positive('${path} must be a positive number')
    .max(Number.MAX_SAFE_INTEGER, '${path} is too large');

/**
 * An id as it appears in a path (`/api/campaigns/:id`): digits only, no sign, exponent, leading
 * zero or spaces, which Number() would otherwise quietly accept.
 */
export const idParamSchema = recordId()
  .required('${path} is required')
  .transform((value, original) =>
    typeof original === 'string' ? (/^[1-9]\d{0,15}$/.test(original) ? Number(original) : NaN) : value,
  );
