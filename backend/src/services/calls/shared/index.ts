/**
 * What several stages of the calls wing use: the line a call goes out on, the dialer's clock, the
 * setup flags and the calling consent they rest on, and the one module that writes `call_records`.
 */
export {
  assertSetupFlagAllowed,
  attestationOf,
  CONSENT_OWNER_ATTRIBUTES,
  consentMissingFor,
  consentMissingOf,
} from './callingConsent';
export { accountForCall, type CallLine, callLineFor } from './callLine';
// The owner of every write to call_records: its own front door lists what it offers.
export * from './callRecords';
export { dialerNow, setDialerClock } from './dialerClock';
export { setSetupFlagBySystem } from './setupFlags';
export { usageKeyOf, usagePeriodShown, usageTimeOf, type UsagePeriodOf } from './usagePeriod';
