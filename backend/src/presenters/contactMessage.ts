import type { ContactMessage as ContactMessageDto } from '@ringcast/shared-types';
import type { ContactMessage } from '../db/models';

export function presentContactMessage(message: ContactMessage): ContactMessageDto {
  return {
    id: message.id,
    name: message.name,
    email: message.email,
    company: message.company ?? null,
    message: message.message,
    deliveredAt: message.deliveredAt ? message.deliveredAt.toISOString() : null,
    createdAt: message.createdAt.toISOString(),
  };
}
