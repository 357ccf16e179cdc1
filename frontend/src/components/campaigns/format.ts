import { CAMPAIGN_TYPE_LABELS, type CampaignType } from '@ringcast/shared-types';

/** "Book Appointment" for appointment; an unknown type is shown as it is. */
export const campaignTypeLabel = (type: string) => CAMPAIGN_TYPE_LABELS[type as CampaignType] ?? type;

/** "Jan 5, 2025" in the reader's locale. */
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
