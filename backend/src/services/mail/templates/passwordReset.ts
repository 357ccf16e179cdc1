import { renderLayout, type MailContent } from './layout';

/** The reset link a user asked for on the sign-in page. A security message: no unsubscribe link. */
export interface PasswordResetData {
  firstName: string;
  /** `<app>/reset-password?token=...` */
  url: string;
  /** How long the link works. */
  minutes: number;
}

export function render(data: PasswordResetData): MailContent {
  return renderLayout(
    {
      subject: 'Reset your Ringcast password',
      heading: `Hi ${data.firstName}, reset your password`,
      paragraphs: [
        'Someone, hopefully you, asked to reset the password of your Ringcast account.',
        'Follow the link to choose a new one. Once it is set, every other browser signed in to your account is signed out.',
      ],
      action: { label: 'Choose a new password', url: data.url },
      notes: [
        `The link works for ${data.minutes} minutes, once.`,
        'If you did not ask for it, ignore this email: your password stays as it is.',
      ],
    },
    {},
  );
}
