import { rfc2822 } from './clock';
import { invalidParameter } from './errors';
import type { SandboxAccount } from './accounts';
import { sandboxKey, sandboxRedis, twilioSid } from './store';

/**
 * Phone numbers in the sandbox:
 * - Available local numbers are the same for every search: +1 <area code> 555-0100 to 555-0199
 *   (the range reserved for fiction), less those already bought. Area code 808
 *   (Honolulu, one of the wizard's) has none, so "no number available" can be tried.
 * - A number is bought once, by one account, and is then that account's incoming number.
 * - A customer's own account also "owns" any other number it asks about in the IncomingPhoneNumbers
 *   list (`PhoneNumber=`), unless the number ends in 0000 or another account bought it: so checking
 *   a customer's own number can be tried both ways, and nobody places a call from (or lists) a
 *   number another account holds. The platform account owns only what it bought.
 */
export const AREA_CODE_WITHOUT_NUMBERS = '808';
const NUMBERS_PER_AREA_CODE = 100;
const NOT_OWNED_SUFFIX = '0000';

const ownersKey = () => sandboxKey('numbers', 'owners');
const accountNumbersKey = (accountSid: string) => sandboxKey('account', accountSid, 'numbers');

export const isAreaCode = (value: string) => /^[2-9]\d\d$/.test(value);

function poolOf(areaCode: string): string[] {
  if (areaCode === AREA_CODE_WITHOUT_NUMBERS) return [];
  return Array.from({ length: NUMBERS_PER_AREA_CODE }, (_, i) => `+1${areaCode}5550${100 + i}`);
}

const friendlyName = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;

async function unowned(numbers: string[]): Promise<string[]> {
  if (numbers.length === 0) return [];
  const owners = await sandboxRedis().hmget(ownersKey(), ...numbers);
  return numbers.filter((_, i) => owners[i] === null);
}

/** AvailablePhoneNumbers/US/Local.json?AreaCode= */
export async function availableLocalNumbers(areaCode: string, limit: number) {
  if (!isAreaCode(areaCode)) throw invalidParameter(21451, `Invalid area code: ${areaCode}`);
  const numbers = (await unowned(poolOf(areaCode))).slice(0, limit);
  return numbers.map((phoneNumber) => ({
    friendly_name: friendlyName(phoneNumber),
    phone_number: phoneNumber,
    lata: null,
    locality: null,
    rate_center: null,
    latitude: null,
    longitude: null,
    region: null,
    postal_code: null,
    iso_country: 'US',
    address_requirements: 'none',
    beta: false,
    capabilities: { voice: true, SMS: true, MMS: true, fax: false },
  }));
}

export interface IncomingNumber {
  sid: string;
  accountSid: string;
  phoneNumber: string;
  friendlyName: string;
  voiceUrl: string | null;
  voiceMethod: string;
  statusCallback: string | null;
  createdAt: number;
}

/** IncomingPhoneNumbers.json create: the number asked for, or the first one left in the area code. */
export async function buyNumber(
  account: SandboxAccount,
  request: {
    phoneNumber?: string;
    areaCode?: string;
    voiceUrl?: string;
    voiceMethod?: string;
    friendlyName?: string;
    statusCallback?: string;
  },
): Promise<IncomingNumber> {
  let phoneNumber = request.phoneNumber;
  if (!phoneNumber) {
    if (!request.areaCode) throw invalidParameter(20001, 'A PhoneNumber or an AreaCode is required');
    if (!isAreaCode(request.areaCode))
      throw invalidParameter(21451, `Invalid area code: ${request.areaCode}`);
    phoneNumber = (await unowned(poolOf(request.areaCode)))[0];
    if (!phoneNumber)
      throw invalidParameter(21452, `No phone numbers found in area code ${request.areaCode}`);
  }
  if (!/^\+1[2-9]\d{9}$/.test(phoneNumber))
    throw invalidParameter(21421, `Phone Number is invalid: ${phoneNumber}`);
  const areaCode = phoneNumber.slice(2, 5);
  if (!poolOf(areaCode).includes(phoneNumber)) {
    throw invalidParameter(21422, `Phone number ${phoneNumber} is not available`);
  }
  const number: IncomingNumber = {
    sid: twilioSid('PN'),
    accountSid: account.sid,
    phoneNumber,
    friendlyName: request.friendlyName ?? friendlyName(phoneNumber),
    voiceUrl: request.voiceUrl ?? null,
    voiceMethod: (request.voiceMethod ?? 'POST').toUpperCase(),
    statusCallback: request.statusCallback ?? null,
    createdAt: Date.now(),
  };
  const redis = sandboxRedis();
  // Two buyers of the same number: one wins, as at Twilio.
  if (!(await redis.hsetnx(ownersKey(), phoneNumber, JSON.stringify(number)))) {
    throw invalidParameter(21422, `Phone number ${phoneNumber} is not available`);
  }
  await redis.sadd(accountNumbersKey(account.sid), phoneNumber);
  return number;
}

/**
 * IncomingPhoneNumbers/{sid}.json update of a number the account bought: its webhooks and name.
 * Undefined when the account has no such number.
 */
export async function updateNumber(
  account: SandboxAccount,
  sid: string,
  changes: { voiceUrl?: string; voiceMethod?: string; statusCallback?: string; friendlyName?: string },
): Promise<IncomingNumber | undefined> {
  const number = (await incomingNumbers(account)).find((owned) => owned.sid === sid);
  if (!number) return undefined;
  const updated: IncomingNumber = {
    ...number,
    voiceUrl: changes.voiceUrl ?? number.voiceUrl,
    voiceMethod: (changes.voiceMethod ?? number.voiceMethod).toUpperCase(),
    statusCallback: changes.statusCallback ?? number.statusCallback,
    friendlyName: changes.friendlyName ?? number.friendlyName,
  };
  await sandboxRedis().hset(ownersKey(), number.phoneNumber, JSON.stringify(updated));
  return updated;
}

/** The numbers an account owns (bought, or for a customer account, asked about and nobody's: see above). */
export async function incomingNumbers(
  account: SandboxAccount,
  phoneNumber?: string,
): Promise<IncomingNumber[]> {
  const redis = sandboxRedis();
  const bought = phoneNumber
    ? (await redis.sismember(accountNumbersKey(account.sid), phoneNumber))
      ? [phoneNumber]
      : []
    : await redis.smembers(accountNumbersKey(account.sid));
  if (bought.length > 0) {
    const rows = await redis.hmget(ownersKey(), ...bought);
    return rows.filter((row): row is string => row !== null).map((row) => JSON.parse(row) as IncomingNumber);
  }
  if (!phoneNumber || account.platform || phoneNumber.endsWith(NOT_OWNED_SUFFIX)) return [];
  // Bought by another account (this one's are in its set above): theirs alone, as at Twilio.
  if (await redis.hexists(ownersKey(), phoneNumber)) return [];
  return [
    {
      sid: `PN${Buffer.from(phoneNumber).toString('hex').padEnd(32, '0').slice(0, 32)}`,
      accountSid: account.sid,
      phoneNumber,
      friendlyName: phoneNumber,
      voiceUrl: null,
      voiceMethod: 'POST',
      statusCallback: null,
      createdAt: Date.UTC(2024, 0, 1),
    },
  ];
}

/** The number as bought, whoever owns it: what a call to it rings (inbound.ts). */
export async function findIncomingNumber(phoneNumber: string): Promise<IncomingNumber | undefined> {
  const row = await sandboxRedis().hget(ownersKey(), phoneNumber);
  return row === null ? undefined : (JSON.parse(row) as IncomingNumber);
}

/** Whether a call may come from this number: one the account owns, by the rules above. */
export async function ownsNumber(account: SandboxAccount, phoneNumber: string): Promise<boolean> {
  return (await incomingNumbers(account, phoneNumber)).length > 0;
}

/** The IncomingPhoneNumber resource in Twilio's JSON. */
export function incomingNumberResource(number: IncomingNumber) {
  const date = rfc2822(number.createdAt);
  return {
    sid: number.sid,
    account_sid: number.accountSid,
    phone_number: number.phoneNumber,
    friendly_name: number.friendlyName,
    voice_url: number.voiceUrl,
    voice_method: number.voiceMethod,
    voice_fallback_url: null,
    voice_fallback_method: 'POST',
    voice_caller_id_lookup: false,
    voice_application_sid: null,
    voice_receive_mode: 'voice',
    status_callback: number.statusCallback,
    status_callback_method: 'POST',
    sms_url: null,
    sms_method: 'POST',
    capabilities: { voice: true, sms: true, mms: true, fax: false },
    address_requirements: 'none',
    beta: false,
    origin: 'twilio',
    status: 'in-use',
    emergency_status: 'Inactive',
    api_version: '2010-04-01',
    date_created: date,
    date_updated: date,
    uri: `/2010-04-01/Accounts/${number.accountSid}/IncomingPhoneNumbers/${number.sid}.json`,
  };
}
