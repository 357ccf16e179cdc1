import type { AdminCampaign } from '@ringcast/shared-types';

/**
 * The name the download route knows the campaign's prospect-list file by (its stored name), or
 * null when there is no uploaded list to fetch.
 */
export function prospectListDownloadName(campaign: AdminCampaign): string | null {
  return campaign.prospectListId === null ? null : (campaign.prospectListStoredName ?? null);
}

/** "Document 2 (.pdf)": for a document whose upload name is unknown (its record is gone). */
export function documentLabel(storedName: string, index: number): string {
  const dot = storedName.lastIndexOf('.');
  const extension = dot > 0 ? storedName.slice(dot).toLowerCase() : '';
  return `Document ${index + 1}${extension ? ` (${extension})` : ''}`;
}
