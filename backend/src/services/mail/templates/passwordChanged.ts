import { renderLayout, type MailContent } from './layout';

/** The notice after a password was changed with a reset link. A security message: no unsubscribe link. */
export interface PasswordChangedData {
  firstName: string;
  /** The sign-in page, where a new reset link can be asked for. */
  signInUrl: string;
  /** When it changed, in words (UTC). */
  changedAt: string;
}

export function render(data: PasswordChangedData): MailContent {
  return renderLayout(
    {
      subject: 'Your Ringcast password was changed',
      heading: `Hi ${data.firstName}, your password was changed`,
      paragraphs: [
        'The password of your Ringcast account was just changed with a reset link, and every other browser signed in to it was signed out.',
        'If this was you, there is nothing more to do.',
        'If it was not, ask for a new reset link from the sign-in page right away, then contact our support.',
      ],
      details: [['Changed', data.changedAt]],
      action: { label: 'Go to the sign-in page', url: data.signInUrl },
    },
    {},
  );
}
