import type { CallRecord, TranscriptTurn } from '@ringcast/shared-types';
import { isNotOlder } from './createResourceStore';

/**
 * Whether `incoming` replaces the turn held with its seq. A turn is written again when the
 * caller cut it short, so the later copy wins; at the same instant the cut one does (its text is
 * what the caller heard).
 */
function replacesTurn(incoming: TranscriptTurn, held: TranscriptTurn): boolean {
  const later = Date.parse(incoming.at) - Date.parse(held.at);
  return later > 0 || (later === 0 && incoming.interrupted && !held.interrupted);
}

/**
 * The turns of one call in spoken order, one per seq: a push and a read may both bring a turn,
 * in either order. Answers `held` itself when nothing changed, so a store can skip the update.
 */
export function mergeTurns(held: TranscriptTurn[], incoming: readonly TranscriptTurn[]): TranscriptTurn[] {
  let next: TranscriptTurn[] | null = null;
  for (const turn of incoming) {
    const list: TranscriptTurn[] = next ?? held;
    const index = list.findIndex((t) => t.seq >= turn.seq);
    if (index !== -1 && list[index]!.seq === turn.seq) {
      if (!replacesTurn(turn, list[index]!)) continue;
      next = list === held ? held.slice() : list;
      next[index] = turn;
    } else {
      next = list === held ? held.slice() : list;
      next.splice(index === -1 ? next.length : index, 0, turn);
    }
  }
  return next ?? held;
}

/** Which copy of a call record to hold: the incoming one unless it is older (see `isNotOlder`); null keeps `held`. */
export function newerCall<C extends CallRecord>(held: C, incoming: CallRecord): C | null {
  if (!isNotOlder(incoming, held)) return null;
  return { ...held, ...incoming };
}

/** A call with a person or a machine on the line, or about to be: its transcript may grow. */
export const isLiveCall = (call: Pick<CallRecord, 'status'>) =>
  call.status === 'ringing' || call.status === 'in_progress';
