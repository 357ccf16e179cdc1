import { fetchCallDetail } from '../../api/calls';
import { useCallDrawerStore } from '../../stores/callDrawerStore';

/** The address that opens a call's drawer on its campaign's page. */
export const callLinkPath = (campaignId: number, callId: number) => `/campaigns/${campaignId}?call=${callId}`;

/**
 * Reads the call and opens its drawer, if it belongs to `campaignId` (a call of another campaign,
 * or of another account, opens nothing). The returned function drops an answer not yet in.
 */
export function openCallInDrawer(callId: number, campaignId: number): () => void {
  let current = true;
  fetchCallDetail(callId).then(
    ({ transcript: _transcript, ...call }) => {
      if (current && call.campaignId === campaignId) useCallDrawerStore.getState().open(call);
    },
    () => undefined,
  );
  return () => {
    current = false;
  };
}
