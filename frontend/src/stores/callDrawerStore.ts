import { create } from 'zustand';
import {
  isFinalCallStatus,
  type CallDetail,
  type CallRecord,
  type TranscriptTurn,
} from '@ringcast/shared-types';
import { fetchCallDetail } from '../api/calls';
import { onSignOut } from './authStore';
import type { LoadStatus } from './createResourceStore';
import { isLiveCall, mergeTurns, newerCall } from './transcriptTurns';

/**
 * An admin's tab hears the campaign's statistics, not its calls: a push names no call, so the open
 * call is read again, at most this often.
 */
export const CALL_DRAWER_REREAD_MS = 1000;

export interface CallDrawerState {
  /** The call whose drawer is open, as its log row showed it until the read answers. */
  call: CallRecord | null;
  /** In spoken order, one per seq. */
  turns: TranscriptTurn[];
  status: LoadStatus;
  /** The drawer opens on a call of the log; its transcript and summary are read. */
  open: (call: CallRecord) => void;
  close: () => void;
  /** Reads the open call again (reconnect, fallback poll); nothing when the drawer is closed. */
  refresh: () => Promise<void>;
  /** A `call:updated` push (the owner's). */
  callPushed: (call: CallRecord) => void;
  /** A `call:transcript` push: the open call's turns grow while it runs. */
  turnPushed: (payload: { callId: number; turn: TranscriptTurn }) => void;
  /**
   * A campaign's figures moved: admins hear campaigns rather than calls, so an open call of that
   * campaign that is still running or awaits its summary is read again.
   */
  campaignChanged: (campaignId: number) => void;
}

/** The call log's drawer: one call with its transcript, outcome and summary, on any page that lists calls. */
export function createCallDrawerStore(readCall: (callId: number) => Promise<CallDetail>) {
  // Bumped when the drawer opens another call or closes, so an answer for the old one is dropped.
  let generation = 0;
  let rereadTimer: ReturnType<typeof setTimeout> | undefined;

  const stopTimer = () => {
    clearTimeout(rereadTimer);
    rereadTimer = undefined;
  };

  const store = create<CallDrawerState>((set, get) => {
    const learn = (incoming: CallRecord, turns: readonly TranscriptTurn[]) => {
      const { call, turns: held } = get();
      if (!call || call.id !== incoming.id) return;
      const merged = newerCall(call, incoming);
      const mergedTurns = mergeTurns(held, turns);
      if (merged || mergedTurns !== held) set({ call: merged ?? call, turns: mergedTurns });
      return merged;
    };

    const refresh = async () => {
      const callId = get().call?.id;
      if (callId === undefined) return;
      const gen = generation;
      try {
        const { transcript, ...call } = await readCall(callId);
        if (gen !== generation) return;
        learn(call, transcript);
        set({ status: 'ready' });
      } catch (err) {
        console.error('Could not load the call', err);
        if (gen === generation && get().status !== 'ready') set({ status: 'error' });
      }
    };

    return {
      call: null,
      turns: [],
      status: 'idle',

      open: (call) => {
        generation++;
        stopTimer();
        set({ call, turns: [], status: 'loading' });
        void refresh();
      },

      close: () => {
        generation++;
        stopTimer();
        set({ call: null, turns: [], status: 'idle' });
      },

      refresh,

      callPushed: (incoming) => {
        const before = get().call;
        if (!learn(incoming, []) || !before) return;
        // The push carries the call, not its conversation: turns come pushed as spoken, but the
        // transcript as stored is the one to keep (a turn pushed after the call settled may have
        // been refused), and its end and its summary bring the final turns, which a read has.
        const ended = isLiveCall(before) && !isLiveCall(incoming);
        if (ended || (!before.summary && incoming.summary)) void refresh();
      },

      turnPushed: ({ callId, turn }) => {
        const { call, turns } = get();
        if (call?.id !== callId) return;
        const next = mergeTurns(turns, [turn]);
        if (next !== turns) set({ turns: next });
      },

      campaignChanged: (campaignId) => {
        const { call } = get();
        if (!call || call.campaignId !== campaignId || rereadTimer) return;
        const awaited = !isFinalCallStatus(call.status) || (call.status === 'completed' && !call.summary);
        if (!awaited) return;
        rereadTimer = setTimeout(() => {
          rereadTimer = undefined;
          void refresh();
        }, CALL_DRAWER_REREAD_MS);
      },
    };
  });

  onSignOut(() => store.getState().close());
  return store;
}

export const useCallDrawerStore = createCallDrawerStore(fetchCallDetail);
