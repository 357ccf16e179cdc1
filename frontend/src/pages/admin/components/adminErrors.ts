import { ApiError, errorSentence } from '../../../api/client';
import { toast } from '../../../components/toast/toastStore';

/** Spec §8: after a 401 the page goes to the login address this long after the toast. */
export const ADMIN_LOGIN_REDIRECT_MS = 500;
/** Spec §7: the full-page login target of admin error handling (the api sends a GET on to /login). */
export const ADMIN_LOGIN_URL = '/api/login';

/**
 * Spec §8 for the admin's writes: a 401 says the admin is logged out and goes to /api/login after
 * 0.5 s; any other failure is an 'Error' toast with the server's message.
 */
export function showAdminError(err: unknown): void {
  if (err instanceof ApiError && err.status === 401) {
    toast({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    setTimeout(() => window.location.assign(ADMIN_LOGIN_URL), ADMIN_LOGIN_REDIRECT_MS);
    return;
  }
  toast({ title: 'Error', description: errorSentence(err, 'Something went wrong.'), variant: 'destructive' });
}
