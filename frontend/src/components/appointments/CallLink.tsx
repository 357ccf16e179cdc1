import { Link } from 'react-router-dom';
import { callLinkPath, openCallInDrawer } from '../calls/openCall';

/**
 * A link to the call an appointment or a callback came from: on its campaign's page it opens the
 * call drawer there; elsewhere (the dashboard) it goes to that page, which opens it.
 */
export function CallLink({
  campaignId,
  callId,
  onCampaignPage = false,
  children = 'View call',
}: {
  campaignId: number;
  callId: number | null;
  onCampaignPage?: boolean;
  children?: string;
}) {
  if (callId === null) return <>—</>;
  return (
    <Link
      to={callLinkPath(campaignId, callId)}
      data-call-id={callId}
      onClick={(e) => {
        if (!onCampaignPage || e.metaKey || e.ctrlKey) return;
        e.preventDefault();
        openCallInDrawer(callId, campaignId);
      }}
    >
      {children}
    </Link>
  );
}
