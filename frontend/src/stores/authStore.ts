import { create } from 'zustand';
import type { LoginInput, RegisterFormInput, SessionAnswer, User } from '@ringcast/shared-types';
import { api } from '../api/client';
import { requestFailureOf } from '../api/errorPolicy';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

interface AuthState {
  user: User | null;
  status: AuthStatus;
  /** Fetches the current user; null (or a 401 from a lapsed session) means nobody is signed in. */
  loadUser: () => Promise<void>;
  login: (input: LoginInput) => Promise<void>;
  register: (input: RegisterFormInput) => Promise<void>;
  /**
   * Signs out and clears cached data. When the call fails it falls back to a full-page sign-out
   * and resolves false (the page is about to unload).
   */
  logout: () => Promise<boolean>;
}

const clearers = new Set<() => void>();

/** Domain stores register here so signing out drops everything they cached. */
export function onSignOut(clear: () => void): () => void {
  clearers.add(clear);
  return () => clearers.delete(clear);
}

function clearCachedData() {
  for (const clear of clearers) clear();
}

// Only the newest request may write, so a slow answer cannot overwrite a later sign-in or sign-out.
let loadSeq = 0;

export const useAuthStore = create<AuthState>((set, get) => ({
  user: null,
  status: 'loading',

  loadUser: async () => {
    const seq = ++loadSeq;
    try {
      // Not /api/auth/user: its 401 for a visitor would be a failed request in the console.
      const { user } = await api.get<SessionAnswer>('/api/auth/session');
      if (seq === loadSeq) set({ user, status: user ? 'authenticated' : 'anonymous' });
    } catch (err) {
      if (requestFailureOf(err) !== 'signedOut') console.error('Could not load the current user', err);
      if (seq === loadSeq) set({ user: null, status: 'anonymous' });
    }
  },

  login: async (input) => {
    await api.post<User>('/api/login', input);
    await get().loadUser();
  },

  register: async ({ confirmPassword: _confirm, ...input }) => {
    await api.post<User>('/api/register', input);
    await get().loadUser();
  },

  logout: async () => {
    try {
      await api.post('/api/logout');
    } catch {
      window.location.href = '/api/logout';
      return false;
    }
    loadSeq++;
    clearCachedData();
    set({ user: null, status: 'anonymous' });
    return true;
  },
}));

/** Whether a row belongs to the signed-in user (an admin's socket also hears everyone else's). */
export const isMine = (row: { userId: number }) => row.userId === useAuthStore.getState().user?.id;
