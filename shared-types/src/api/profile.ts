import { object, type InferType } from 'yup';
import { E164_PATTERN, isE164Phone, isValidPhone } from '../logic/phone';
import { MAX_TEXT, trimmedText } from './fields';

export const TWILIO_ACCOUNT_SID_PATTERN = /^AC[0-9a-fA-F]{32}$/;
const INVALID_PHONE = 'Enter a valid phone number';

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
  phoneNumber: trimmedText()
    .required('Phone number is required')
    .max(40, 'Phone number must be at most 40 characters')
    .test('phone', INVALID_PHONE, (value) => !value || isValidPhone(value)),
});
export type ProfileInput = InferType<typeof profileSchema>;

export const twilioSchema = object({
  twilioAccountSid: trimmedText()
    .required('Account SID is required')
    .matches(TWILIO_ACCOUNT_SID_PATTERN, 'Account SID must be "AC" followed by 32 hexadecimal characters'),
  twilioAuthToken: trimmedText()
    .required('Auth Token is required')
    .max(128, 'Auth Token must be at most 128 characters'),
  twilioPhoneNumber: trimmedText()
    .required('Phone number is required')
    .matches(E164_PATTERN, 'Phone number must be in international format, e.g. +14155550123')
    .test('phone', INVALID_PHONE, (value) => !value || isE164Phone(value)),
});
export type TwilioInput = InferType<typeof twilioSchema>;

export const PROFILE_FIELDS = Object.keys(profileSchema.fields) as (keyof ProfileInput)[];
export const TWILIO_FIELDS = Object.keys(twilioSchema.fields) as (keyof TwilioInput)[];
