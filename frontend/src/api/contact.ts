import type { ContactInput } from '@ringcast/shared-types';
import { api } from './client';

/** POST /api/contact: a visitor's message to the team. The response body is not used. */
export function sendContactMessage(input: ContactInput): Promise<unknown> {
  return api.post<unknown>('/api/contact', {
    name: input.name,
    email: input.email,
    company: input.company,
    message: input.message,
  });
}
