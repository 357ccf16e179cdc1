import { RETRIED_CALLBACK } from '../../src/telephony/callUrls';

/** The retried callbacks' connection overrides as TwiML writes them in an attribute. */
export const RETRIED_IN_TWIML = RETRIED_CALLBACK.replace(/&/g, '&amp;');
