import { create } from 'zustand';

/** Fallback poll interval (spec §9) used by pages only while the socket is down. */
export const FALLBACK_POLL_MS = 5000;

interface RealtimeState {
  connected: boolean;
  setConnected: (connected: boolean) => void;
}

export const useRealtimeStore = create<RealtimeState>((set) => ({
  connected: false,
  setConnected: (connected) => set({ connected }),
}));
