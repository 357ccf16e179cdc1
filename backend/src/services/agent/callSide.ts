import type { AgentSide } from './agentSide';
import { saveTurn } from './transcript';
import { optOut, runAgentTool, transferLabelsOf, type AgentCallState } from './tools';

/**
 * A live call as its conversation acts on it: the tools change the call's record and the
 * customer's do-not-call list, and every turn is stored by the relay session holding the call.
 */
export function callSide(state: AgentCallState): AgentSide {
  return {
    logFields: { callId: state.call.id },
    get outcome() {
      return state.outcome;
    },
    get optedOut() {
      return state.optedOut;
    },
    get endRequested() {
      return state.endRequested;
    },
    bookings: Boolean(state.booking),
    get transferLabels() {
      return transferLabelsOf(state.transfer);
    },
    runTool: (name, argumentsJson) => runAgentTool(state, name, argumentsJson),
    optOut: (reason) => optOut(state, reason),
    saveTurn: (turn) => saveTurn(state.call, turn, state.sessionKey ?? null),
  };
}
