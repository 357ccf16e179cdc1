import { useAuthStore } from '../stores/authStore';

async function checkSession(): Promise<boolean> {
  await useAuthStore.getState().loadUser();
  return useAuthStore.getState().status === 'authenticated';
}

/**
 * Keeps the realtime session in step with the sign-in: open while someone is signed in, closed
 * otherwise. The realtime modules are loaded on demand so signed-out visitors never download them.
 */
export function startRealtimeLifecycle(): void {
  let openFor: string | null = null;
  const sync = () => {
    const { status, user } = useAuthStore.getState();
    const signedIn = status === 'authenticated' && user ? user : null;
    // A different account, or the same one made admin or not, needs a fresh, newly authenticated
    // connection (the server picks the rooms when the socket connects) and its own handlers.
    const key = signedIn && `${signedIn.id}:${signedIn.isAdmin}`;
    if (key === openFor) return;
    openFor = key;
    void import('./session').then(({ openRealtimeSession, closeRealtimeSession }) => {
      // A later change has its own turn.
      if (openFor !== key) return;
      if (signedIn) openRealtimeSession(signedIn, checkSession);
      else closeRealtimeSession();
    });
  };
  useAuthStore.subscribe(sync);
  sync();
}
