import { CAMPAIGN_TYPE_LABELS, formatPhone, type CampaignType } from '@ringcast/shared-types';

/** "Book Appointment" for appointment; an unknown type is shown as it is. */
export const campaignTypeLabel = (type: string) => CAMPAIGN_TYPE_LABELS[type as CampaignType] ?? type;

/** The number a campaign calls from, as people read it: "(415) 555-0102", or "No number yet". */
export const campaignNumberLabel = (phoneNumber: string | null) =>
  phoneNumber ? formatPhone(phoneNumber) : 'No number yet';

/** "Jan 5, 2025" in the reader's locale. */
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
