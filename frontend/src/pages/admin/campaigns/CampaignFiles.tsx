import type { AdminCampaign } from '@ringcast/shared-types';
import { DownloadButton } from '../components/DownloadButton';
import { documentLabel, prospectListDownloadName } from './campaignFiles';

/** The campaign's prospect-list file and agent documents, each with a Download button. */
export function CampaignFiles({ campaign }: { campaign: AdminCampaign }) {
  const listFile = prospectListDownloadName(campaign);
  const documents = campaign.agentDocuments ?? [];
  if (!campaign.prospectListFile && documents.length === 0) return <>—</>;
  return (
    <ul className="rc-admin-files" aria-label="Uploaded files">
      {campaign.prospectListFile && (
        <li>
          <span>
            <span className="rc-admin-muted">Prospect list: </span>
            {campaign.prospectListFile}
          </span>
          {listFile && (
            <DownloadButton kind="prospect-list" storedName={listFile} label={campaign.prospectListFile} />
          )}
        </li>
      )}
      {documents.map((storedName, index) => {
        // The campaign keeps stored names; the download arrives under the name it was uploaded as.
        const label = campaign.agentDocumentNames?.[storedName] ?? documentLabel(storedName, index);
        return (
          <li key={storedName}>
            <span title={storedName}>
              <span className="rc-admin-muted">Agent document: </span>
              {label}
            </span>
            <DownloadButton kind="agent-document" storedName={storedName} label={label} />
          </li>
        );
      })}
    </ul>
  );
}
