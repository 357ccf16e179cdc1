import { object, type InferType } from 'yup';
import type { User } from '../domain/user';
import { MAX_TEXT, text, trimmedText } from './fields';

/** An email field with the spec's message. */
export const emailField = () =>
  trimmedText()
    .required('Please enter a valid email')
    .email('Please enter a valid email')
    .max(MAX_TEXT, 'Email must be at most 255 characters');

export const loginSchema = object({
  email: emailField(),
  password: text().required('Password is required').min(1, 'Password is required'),
});
export type LoginInput = InferType<typeof loginSchema>;

/** A password being chosen (sign-up, reset): the spec's rules and messages. */
export const newPasswordField = () =>
  text()
    .required('Password must be at least 6 characters')
    .min(6, 'Password must be at least 6 characters')
    .max(128, 'Password must be at most 128 characters');

/** The password typed again; a mismatch is reported on this field, as the spec shows. */
export const confirmPasswordField = () =>
  text()
    .required('Please confirm your password')
    .min(1, 'Please confirm your password')
    .test('matches', "Passwords don't match", (value, ctx) => value === ctx.parent.password);

/** The first and last name are stored apart, each in at most this many characters. */
export const NAME_PART_MAX = 100;

const registerFields = {
  fullName: trimmedText()
    .required('Full name must be at least 2 characters')
    .min(2, 'Full name must be at least 2 characters')
    .max(200, 'Full name must be at most 200 characters')
    .test('name-parts', `First and last name must each be at most ${NAME_PART_MAX} characters`, (value) => {
      if (!value) return true;
      const { firstName, lastName } = splitFullName(value);
      return firstName.length <= NAME_PART_MAX && lastName.length <= NAME_PART_MAX;
    }),
  email: emailField(),
  password: newPasswordField(),
};

/** What the API accepts: the form without confirmPassword. */
export const registerSchema = object(registerFields);
export type RegisterInput = InferType<typeof registerSchema>;

/** The sign-up form as the SPA validates it. */
export const registerFormSchema = object({
  ...registerFields,
  confirmPassword: confirmPasswordField(),
});
export type RegisterFormInput = InferType<typeof registerFormSchema>;

/** Splits "Ada King Lovelace" into first "Ada" and last "King Lovelace". */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const parts = fullName.trim().split(/\s+/);
  const firstName = parts.shift() ?? '';
  return { firstName, lastName: parts.join(' ') };
}

/** GET /api/auth/session: who is signed in, or null; 200 either way. */
export interface SessionAnswer {
  user: User | null;
}
