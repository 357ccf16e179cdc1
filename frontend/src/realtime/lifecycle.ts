import { useAuthStore } from '../stores/authStore';

async function checkSession(): Promise<boolean> {
  await useAuthStore.getState().loadUser();
  return useAuthStore.getState().status === 'authenticated';
}

/**
 * Keeps the socket in step with the session: open while someone is signed in, closed otherwise.
 * The socket module is loaded on demand so signed-out visitors never download it.
 */
export function startRealtimeLifecycle(): void {
  let signedInAs: number | null = null;
  const sync = () => {
    const { status, user } = useAuthStore.getState();
    const userId = status === 'authenticated' && user ? user.id : null;
    if (userId === signedInAs) return;
    const previous = signedInAs;
    signedInAs = userId;
    void import('./socket').then(({ connectRealtime, disconnectRealtime }) => {
      // A different account in the same tab needs a fresh, newly authenticated connection.
      if (previous !== null) disconnectRealtime();
      if (userId !== null && signedInAs === userId) connectRealtime(checkSession);
    });
  };
  useAuthStore.subscribe(sync);
  sync();
}
