import { object, type InferType } from 'yup';
import { confirmPasswordField, emailField, newPasswordField } from './auth';
import { text } from './fields';

/** POST /api/auth/forgot-password: the address to send a reset link to. */
export const forgotPasswordSchema = object({ email: emailField() });
export type ForgotPasswordInput = InferType<typeof forgotPasswordSchema>;

/**
 * The one answer to a reset request, whether or not the address has an account, so the form tells
 * nobody which addresses are customers'.
 */
export const FORGOT_PASSWORD_ANSWER = 'If an account exists for that email, we sent a link.';

/** POST /api/auth/forgot-password's body (200, always the same). */
export interface ForgotPasswordAnswer {
  message: string;
}

/** How long a reset link works, in minutes. */
export const RESET_LINK_MINUTES = 60;

/** A token is 32 random bytes in base64url (43 characters); anything much longer is not one of ours. */
const TOKEN_MAX = 128;

/** Why a reset link is refused (400), each saying what to do next. */
export const RESET_LINK_MESSAGES = {
  invalid: 'This reset link is not valid. Ask for a new link from the sign-in page.',
  used: 'This reset link has already been used. Ask for a new link from the sign-in page.',
  expired: 'This reset link has expired. Ask for a new link from the sign-in page.',
} as const;

/** POST /api/auth/reset-password, and the /reset-password form: the spec's password rules and messages. */
export const resetPasswordSchema = object({
  token: text().required(RESET_LINK_MESSAGES.invalid).max(TOKEN_MAX, RESET_LINK_MESSAGES.invalid),
  password: newPasswordField(),
  confirmPassword: confirmPasswordField(),
});
export type ResetPasswordInput = InferType<typeof resetPasswordSchema>;
