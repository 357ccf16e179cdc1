/**
 * The sandbox's insides that tests and benchmarks use (to play a part without the app, to know
 * its fixed behaviours, to clear its state between files). The product never imports this.
 */
export { useSandboxHost } from './host';
export { readCampaignBrief } from './openai/scriptTemplates';
export { changeCall, createCall } from './twilio/calls';
export { readCallRequest } from './twilio/callRequest';
export { loadCall } from './twilio/callStore';
export { AREA_CODE_WITHOUT_NUMBERS } from './twilio/numbers';
export { dueStepsKey, runningStepsKey } from './twilio/steps';
export { closeSandboxStore, twilioSid } from './twilio/store';
export { calcomSandboxBooking } from './calcom/testing';
export { NOT_AVAILABLE as CALCOM_NOT_AVAILABLE } from './calcom/bookings';
