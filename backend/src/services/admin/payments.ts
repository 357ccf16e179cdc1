import { Op } from 'sequelize';
import type { AdminListQuery } from '@ringcast/shared-types';
import { Campaign, Payment, User } from '../../db/models';
import type { PaymentWithRelations } from '../../presenters/payment';
import { containsPattern, findPage, like, personMatches, searchText, type Page } from './listQuery';

const payer = () => ({ model: User, attributes: ['firstName', 'lastName', 'email'], required: true });
// A payment outlives its campaign (campaignId is set to NULL), so this join is optional.
const campaign = () => ({ model: Campaign, attributes: ['name'], required: false });

/**
 * The Payments tab: newest first, searched by the payer's name and email and the campaign's name
 * (a deleted campaign's as the payment kept it).
 */
export function listPaymentsForAdmin(query: AdminListQuery): Promise<Page<PaymentWithRelations>> {
  const q = searchText(query);
  const pattern = q ? containsPattern(q) : null;
  return findPage(Payment, query, {
    where: pattern
      ? {
          [Op.or]: [
            ...personMatches('User', pattern),
            like('Campaign.name', pattern),
            like('Payment.campaignName', pattern),
          ],
        }
      : {},
    searching: Boolean(pattern),
    include: [payer(), campaign()],
  });
}
