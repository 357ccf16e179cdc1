import { object, string, type InferType } from 'yup';

const callSid = () =>
  string()
    .required('CallSid is required')
    .matches(/^CA[0-9a-f]{32}$/, 'CallSid must be a Twilio CallSid');
const accountSid = () =>
  string()
    .required('AccountSid is required')
    .matches(/^AC[0-9a-f]{32}$/, 'AccountSid must be a Twilio AccountSid');

/**
 * Twilio's request to a number's voice URL when someone calls it (telephony reference §5): the
 * standard call parameters with Direction=inbound. `To` is our number, in E.164; `From` is the
 * caller as the network gives it (a number, or a word such as "Anonymous" when withheld).
 */
export const inboundCallSchema = object({
  CallSid: callSid(),
  AccountSid: accountSid(),
  To: string()
    .required('To is required')
    .matches(/^\+[1-9]\d{6,14}$/, 'To must be a phone number in E.164 format'),
  From: string().trim().required('From is required').max(20, 'From must be at most 20 characters'),
});
export type InboundCallFields = InferType<typeof inboundCallSchema>;

/** A status callback of an inbound call, sent to the number's status callback URL. */
export const inboundStatusSchema = object({
  CallSid: callSid(),
  AccountSid: accountSid(),
});
