import { object, type InferType } from 'yup';
import { trimmedText } from './fields';

export const MISSING_INFORMATION = {
  title: 'Missing information',
  description: 'Please fill in all required fields.',
};

export const contactSchema = object({
  name: trimmedText()
    .required(MISSING_INFORMATION.description)
    .max(200, 'Name must be at most 200 characters'),
  email: trimmedText()
    .required(MISSING_INFORMATION.description)
    .email('Please enter a valid email')
    .max(255, 'Email must be at most 255 characters'),
  company: trimmedText().max(200, 'Company must be at most 200 characters').nullable().default(null),
  message: trimmedText()
    .required(MISSING_INFORMATION.description)
    .max(5000, 'Message must be at most 5000 characters'),
});
export type ContactInput = InferType<typeof contactSchema>;
