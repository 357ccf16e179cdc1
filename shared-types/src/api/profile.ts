import { object, type InferType } from 'yup';
import { isValidPhone } from '../logic/phone';
import { MAX_TEXT, trimmedText } from './fields';

export const TWILIO_ACCOUNT_SID_PATTERN = /^AC[0-9a-fA-F]{32}$/;
export const INVALID_PHONE = 'Enter a valid phone number';

/**
 * A phone field: national (`(415) 555-0102`, US unless it starts with +) or international
 * (`+14155550102`), as people write it; the server stores it in E.164.
 */
const phoneField = () =>
  trimmedText()
    .required('Phone number is required')
    .max(40, 'Phone number must be at most 40 characters')
    .test('phone', INVALID_PHONE, (value) => !value || isValidPhone(value));

export const profileSchema = object({
  firstName: trimmedText()
    .required('First name is required')
    .max(100, 'First name must be at most 100 characters'),
  lastName: trimmedText()
    .required('Last name is required')
    .max(100, 'Last name must be at most 100 characters'),
  email: trimmedText()
    .required('Invalid email address')
    .email('Invalid email address')
    .max(MAX_TEXT, 'Email must be at most 255 characters'),
  companyName: trimmedText()
    .required('Company name is required')
    .max(200, 'Company name must be at most 200 characters'),
  phoneNumber: phoneField(),
});
export type ProfileInput = InferType<typeof profileSchema>;

export const twilioSchema = object({
  twilioAccountSid: trimmedText()
    .required('Account SID is required')
    .matches(TWILIO_ACCOUNT_SID_PATTERN, 'Account SID must be "AC" followed by 32 hexadecimal characters'),
  twilioAuthToken: trimmedText()
    .required('Auth Token is required')
    .max(128, 'Auth Token must be at most 128 characters'),
  twilioPhoneNumber: phoneField(),
});
export type TwilioInput = InferType<typeof twilioSchema>;

export const PROFILE_FIELDS = Object.keys(profileSchema.fields) as (keyof ProfileInput)[];
export const TWILIO_FIELDS = Object.keys(twilioSchema.fields) as (keyof TwilioInput)[];

/**
 * GET /api/user/twilio-status: whether the saved Twilio credentials work, asked of Twilio at the
 * time: the account answers to them and the number is one of its own.
 */
export type TwilioConnection =
  | { status: 'not_configured' }
  | { status: 'connected'; phoneNumber: string }
  | { status: 'failed'; phoneNumber: string | null; message: string };

export const TWILIO_REFUSED_CREDENTIALS = 'Twilio did not accept this Account SID and Auth Token.';
export const TWILIO_NUMBER_NOT_OWNED = 'This phone number is not one of the numbers in your Twilio account.';
export const TWILIO_UNREACHABLE = 'Twilio could not be reached to check your settings. Try again later.';
