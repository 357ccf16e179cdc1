import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fetchCallDetail } from '../../../api/calls';
import { useCallDrawerStore } from '../../../stores/callDrawerStore';

/**
 * `/campaigns/:id?call=<callId>` (the link in a lead alert email) opens that call's drawer once the
 * page is there. A call of another campaign, or of another account, opens nothing.
 */
export function useCallLink(campaignId: number): void {
  const [params] = useSearchParams();
  const callId = Number(params.get('call'));
  useEffect(() => {
    if (!Number.isInteger(callId) || callId <= 0) return;
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
  }, [callId, campaignId]);
}
