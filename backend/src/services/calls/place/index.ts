/**
 * Placing calls: pacing per account, the dial itself, test calls, and the numbers and accounts calls
 * go out from.
 */
export { readDialedCalls, rememberDialedCall } from './dialedCalls';
export { accountsWithSlots, acquireCallSlot, heldSlots, releaseCallSlot, releaseStaleSlots } from './pacing';
export { placeCall, type PlaceResult } from './placeCall';
export { campaignNumberName, provisionPhoneNumber } from './provisionNumber';
export { sweepCallSlots } from './slotSweep';
export { placeTestCall } from './testCall';
export { verifyTwilioSetup } from './verifyTwilioSetup';
