import type { ForgotPasswordAnswer, ResetPasswordInput, User } from '@ringcast/shared-types';
import { api } from './client';

/** POST /api/auth/forgot-password: the same answer whether or not the email has an account. */
export function requestPasswordReset(email: string): Promise<ForgotPasswordAnswer> {
  return api.post<ForgotPasswordAnswer>('/api/auth/forgot-password', { email });
}

/** POST /api/auth/reset-password: sets the new password and signs this browser in. */
export function resetPassword(input: ResetPasswordInput): Promise<User> {
  return api.post<User>('/api/auth/reset-password', input);
}
