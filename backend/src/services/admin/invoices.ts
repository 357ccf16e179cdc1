import { Op, type WhereOptions } from 'sequelize';
import type { AdminInvoiceQuery } from '@ringcast/shared-types';
import { Campaign, Invoice, User } from '../../db/models';
import type { InvoiceWithParties } from '../../presenters/invoice';
import { containsPattern, like, personMatches, searchText, type Page } from './listQuery';

const customer = () => ({
  model: User,
  as: 'owner',
  attributes: ['id', 'firstName', 'lastName', 'email'],
  required: true,
});
// An invoice outlives its campaign (campaignId is set to NULL), so this join is optional.
const campaign = () => ({ model: Campaign, as: 'campaign', attributes: ['id', 'name'], required: false });

/** Newest first by when Stripe made the invoice (the customer's clock), the id breaking ties. */
const NEWEST_FIRST: [string, string][] = [
  ['stripeCreatedAt', 'DESC'],
  ['id', 'DESC'],
];

/**
 * The invoices beside the Payments tab's one-time payments: newest first, filtered by status,
 * searched by the customer's name and email, the campaign's name and the invoice's number.
 */
export async function listInvoicesForAdmin(query: AdminInvoiceQuery): Promise<Page<InvoiceWithParties>> {
  const q = searchText(query);
  const pattern = q ? containsPattern(q) : null;
  const where: WhereOptions[] = [];
  if (query.status) where.push({ status: query.status });
  if (pattern)
    where.push({
      [Op.or]: [
        ...personMatches('owner', pattern),
        like('campaign.name', pattern),
        like('Invoice.number', pattern),
      ],
    });
  const include = [customer(), campaign()];
  const [rows, total] = await Promise.all([
    Invoice.findAll({
      where: { [Op.and]: where },
      include,
      order: NEWEST_FIRST,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
      subQuery: false,
    }),
    Invoice.count({
      where: { [Op.and]: where },
      include: include.map((join) => ({ ...join, attributes: [] })),
    }),
  ]);
  return { rows: rows as InvoiceWithParties[], total };
}
