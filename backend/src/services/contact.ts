import { Op } from 'sequelize';
import type { ContactInput } from '@ringcast/shared-types';
import { sequelize } from '../db/sequelize';
import { ContactMessage } from '../db/models';
import { enqueue } from '../queues';
import { publish } from '../events/publish';
import { presentContactMessage } from '../presenters/contactMessage';

/** Stores the message first (it is never lost), then hands delivery to the worker. */
export async function submitContactMessage(input: ContactInput): Promise<ContactMessage> {
  const message = await ContactMessage.create({
    name: input.name,
    email: input.email.toLowerCase(),
    company: input.company || null,
    message: input.message,
  });
  await enqueue('deliverContactMessage', { contactMessageId: message.id });
  return message;
}

/**
 * Marks a message delivered and tells the admins. The conditional update makes a retried job a
 * no-op once the first attempt got through.
 */
export async function deliverContactMessage(
  contactMessageId: number,
): Promise<'delivered' | 'already' | 'missing'> {
  return sequelize.transaction(async (transaction) => {
    const [updated] = await ContactMessage.update(
      { deliveredAt: new Date() },
      { where: { id: contactMessageId, deliveredAt: { [Op.is]: null } }, transaction },
    );
    if (updated === 0) {
      const exists = await ContactMessage.count({ where: { id: contactMessageId }, transaction });
      return exists ? 'already' : 'missing';
    }
    const message = await ContactMessage.findByPk(contactMessageId, { transaction, rejectOnEmpty: true });
    publish('contactMessage:received', presentContactMessage(message), { transaction });
    return 'delivered';
  });
}
