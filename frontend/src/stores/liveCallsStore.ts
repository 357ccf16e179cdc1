import { create } from 'zustand';
import {
  MAX_CONCURRENT_CALLS_LIMIT,
  type CallDetail,
  type CallRecord,
  type CallStatus,
  type TranscriptTurn,
} from '@ringcast/shared-types';
import { fetchCallDetail, fetchCampaignCalls, type CallPage, type CallPageQuery } from '../api/calls';
import { onSignOut } from './authStore';
import type { LoadStatus } from './createResourceStore';
import { isLiveCall, mergeTurns, newerCall } from './transcriptTurns';

/** Finished conversations kept on screen under the live ones; older ones leave memory. */
export const MAX_FINISHED_CONVERSATIONS = 10;
/** Calls whose turns arrived before the call itself; the oldest is forgotten past this. */
export const MAX_EARLY_CALLS = 50;
/** The statuses of a call on the line, read when the card opens. */
const IN_FLIGHT: CallStatus[] = ['ringing', 'in_progress'];

export interface LiveConversation {
  call: CallRecord;
  /** In spoken order, one per seq. */
  turns: TranscriptTurn[];
}

export interface LiveCallsState {
  campaignId: number | null;
  /** Calls on the line (newest first), then the last ones to finish (latest first). */
  conversations: LiveConversation[];
  status: LoadStatus;
  /** The live calls of `campaignId` are on screen; the returned function says they left. */
  show: (campaignId: number) => () => void;
  /** Reads the calls in flight and the conversations held again (reconnect, fallback poll). */
  refresh: () => Promise<void>;
  /** A `call:updated` push. */
  callPushed: (call: CallRecord) => void;
  /** A `call:transcript` push. */
  turnPushed: (payload: { callId: number; turn: TranscriptTurn }) => void;
}

export interface LiveCallsReads {
  readCalls: (campaignId: number, query: CallPageQuery) => Promise<CallPage>;
  readCall: (callId: number) => Promise<CallDetail>;
}

const endOf = (call: CallRecord) => Date.parse(call.endedAt ?? call.updatedAt);

/**
 * Whether a finished call stays on the card: it was answered or something was said on it. A
 * number that rang out or was busy has nothing to read.
 */
const worthKeeping = (c: LiveConversation) =>
  isLiveCall(c.call) || c.call.status === 'completed' || c.turns.length > 0;

/**
 * The campaign page's live calls: the calls on the line with their transcripts growing turn by
 * turn, and the last few to finish with their outcome and summary. Pushes and reads arrive in
 * any order: a call keeps its newest copy, a turn its latest text, and turns that arrive before
 * their call are kept until it is known.
 */
export function createLiveCallsStore(reads: LiveCallsReads) {
  // Bumped whenever the card changes campaign or leaves, so an answer for the old one is dropped.
  let generation = 0;
  let held = new Map<number, LiveConversation>();
  let early = new Map<number, TranscriptTurn[]>();

  const store = create<LiveCallsState>((set, get) => {
    /** Orders what is held for the card, and lets the oldest finished conversations go. */
    const present = () => {
      const all = [...held.values()];
      const live = all.filter((c) => isLiveCall(c.call));
      const finished = all.filter((c) => !isLiveCall(c.call)).sort((a, b) => endOf(b.call) - endOf(a.call));
      for (const gone of finished.splice(MAX_FINISHED_CONVERSATIONS)) held.delete(gone.call.id);
      live.sort((a, b) => Date.parse(b.call.createdAt) - Date.parse(a.call.createdAt));
      set({ conversations: [...live, ...finished] });
    };

    const readCall = async (callId: number) => {
      const gen = generation;
      try {
        const { transcript, ...call } = await reads.readCall(callId);
        if (gen === generation) learn(call, transcript, 'read');
      } catch (err) {
        console.error('Could not load the call', err);
      }
    };

    /** Puts what a push or a read says of a call in the store, and reads what it did not say. */
    const learn = (call: CallRecord, turns: readonly TranscriptTurn[], source: 'push' | 'read') => {
      if (call.campaignId !== get().campaignId) return;
      const before = held.get(call.id);
      let next: LiveConversation;
      if (before) {
        const merged = newerCall(before.call, call) ?? before.call;
        const mergedTurns = mergeTurns(before.turns, turns);
        if (merged === before.call && mergedTurns === before.turns) return;
        next = { call: merged, turns: mergedTurns };
      } else {
        next = { call, turns: mergeTurns(early.get(call.id) ?? [], turns) };
      }
      if (!worthKeeping(next)) {
        if (held.delete(call.id)) present();
        return;
      }
      early.delete(call.id);
      held.set(call.id, next);
      present();
      if (source === 'read' || !held.has(call.id)) return;
      // A push carries the call, not its conversation: read the transcript so far when the call
      // shows up already answered, its final turns when it ends, and again when its summary lands.
      const firstSeenAnswered = !before && next.call.status !== 'ringing';
      const ended = before && isLiveCall(before.call) && !isLiveCall(next.call);
      const summarized = before && !before.call.summary && next.call.summary;
      if (firstSeenAnswered || ended || summarized) void readCall(call.id);
    };

    const refresh = async () => {
      const campaignId = get().campaignId;
      if (campaignId === null) return;
      const gen = generation;
      try {
        const pages = await Promise.all(
          IN_FLIGHT.map((status) =>
            reads.readCalls(campaignId, {
              status,
              from: null,
              to: null,
              page: 1,
              pageSize: MAX_CONCURRENT_CALLS_LIMIT,
            }),
          ),
        );
        if (gen !== generation) return;
        const inFlight = pages.flatMap((page) => page.items);
        // Answered calls have said something already; a call held as live that is no longer in
        // flight ended while a push was missed: its detail says how.
        const toRead = new Set(inFlight.filter((c) => c.status === 'in_progress').map((c) => c.id));
        const stillInFlight = new Set(inFlight.map((c) => c.id));
        for (const c of held.values())
          if (isLiveCall(c.call) && !stillInFlight.has(c.call.id)) toRead.add(c.call.id);
        for (const call of inFlight) learn(call, [], 'read');
        set({ status: 'ready' });
        await Promise.all([...toRead].map(readCall));
      } catch (err) {
        console.error('Could not load the live calls', err);
        if (gen === generation && get().status !== 'ready') set({ status: 'error' });
      }
    };

    return {
      campaignId: null,
      conversations: [],
      status: 'idle',

      show: (campaignId) => {
        generation++;
        held = new Map();
        early = new Map();
        set({ campaignId, conversations: [], status: 'loading' });
        void refresh();
        return () => {
          if (get().campaignId !== campaignId) return;
          generation++;
          held = new Map();
          early = new Map();
          set({ campaignId: null, conversations: [], status: 'idle' });
        };
      },

      refresh,

      callPushed: (call) => learn(call, [], 'push'),

      turnPushed: ({ callId, turn }) => {
        if (get().campaignId === null) return;
        const conversation = held.get(callId);
        if (conversation) {
          const turns = mergeTurns(conversation.turns, [turn]);
          if (turns === conversation.turns) return;
          held.set(callId, { ...conversation, turns });
          return present();
        }
        // The turn may belong to a call of this campaign not known yet (its push is coalesced
        // or still on its way), or to another campaign's: kept a while either way.
        early.set(callId, mergeTurns(early.get(callId) ?? [], [turn]));
        if (early.size > MAX_EARLY_CALLS) early.delete(early.keys().next().value!);
      },
    };
  });

  onSignOut(() => {
    generation++;
    held = new Map();
    early = new Map();
    store.setState({ campaignId: null, conversations: [], status: 'idle' });
  });
  return store;
}

/** The owner's campaign page. */
export const useLiveCallsStore = createLiveCallsStore({
  readCalls: fetchCampaignCalls,
  readCall: fetchCallDetail,
});
