import { ApiError, errorSentence } from '../../../api/client';
import { toast } from '../../../components/toast/toastStore';

/** Spec §8: after a 401 the page goes to /login this long after the toast. */
export const UNAUTHORIZED_REDIRECT_MS = 500;

/**
 * The spec's handling of a failed campaign update or delete: a 401 says the user is logged out and
 * goes to /login; anything else is an 'Error' toast with the server's message.
 */
export function showCampaignError(err: unknown): void {
  if (err instanceof ApiError && err.status === 401) {
    toast({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    setTimeout(() => window.location.assign('/login'), UNAUTHORIZED_REDIRECT_MS);
    return;
  }
  toast({ title: 'Error', description: errorSentence(err, 'Something went wrong.'), variant: 'destructive' });
}
