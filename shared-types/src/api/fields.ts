import { string } from 'yup';

/**
 * A text field that refuses non-string JSON values instead of silently casting them
 * (a number or object sent for a name is a client bug, not a name).
 */
export const text = () => string().strict().typeError('${path} must be text');

export const MAX_TEXT = 255;
