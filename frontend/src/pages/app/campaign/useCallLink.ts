import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { openCallInDrawer } from '../../../components/calls/openCall';

/**
 * `/campaigns/:id?call=<callId>` (the link in a lead alert email, an appointment's call) opens
 * that call's drawer once the page is there. A call of another campaign, or of another account,
 * opens nothing.
 */
export function useCallLink(campaignId: number): void {
  const [params] = useSearchParams();
  const callId = Number(params.get('call'));
  useEffect(() => {
    if (!Number.isInteger(callId) || callId <= 0) return;
    return openCallInDrawer(callId, campaignId);
  }, [callId, campaignId]);
}
