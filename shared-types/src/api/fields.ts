import { string } from 'yup';

/**
 * A text field that refuses non-string JSON values instead of silently casting them (a number or
 * object sent for a name is a client bug, not a name). Handing the original non-string back makes
 * yup's type check fail with the message below.
 */
const textField = (trim: boolean) =>
  string()
    .transform((value, original) => {
      if (original === null || original === undefined) return original;
      if (typeof original !== 'string') return original;
      return trim ? original.trim() : value;
    })
    .typeError('${path} must be text');

/** Text kept exactly as sent (passwords). */
export const text = () => textField(false);
/** Text with surrounding white space removed. */
export const trimmedText = () => textField(true);

export const MAX_TEXT = 255;
