import { Op } from 'sequelize';
import type { AdminListQuery } from '@ringcast/shared-types';
import { SupportTicket, User } from '../../db/models';
import { containsPattern, findPage, like, personMatches, searchText, type Page } from './listQuery';

const owner = () => ({ model: User, attributes: ['firstName', 'lastName', 'email'], required: true });

/**
 * The Support tab: every ticket still needing attention (closed ones are done, spec §4), newest
 * first, each with its owner; searched by subject and the owner's name and email.
 */
export function listOpenTicketsForAdmin(
  query: AdminListQuery,
): Promise<Page<SupportTicket & { User?: User }>> {
  const q = searchText(query);
  const pattern = q ? containsPattern(q) : null;
  return findPage(SupportTicket, query, {
    where: {
      status: { [Op.ne]: 'closed' },
      ...(pattern
        ? { [Op.or]: [like('SupportTicket.subject', pattern), ...personMatches('User', pattern)] }
        : {}),
    },
    searching: Boolean(pattern),
    include: [owner()],
  });
}
