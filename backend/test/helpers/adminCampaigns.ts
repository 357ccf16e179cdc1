import { randomBytes } from 'node:crypto';
import { config } from '../../src/config';
import { AuditLog } from '../../src/db/models';
import { useTestApi } from './server';

/** The campaign's audit rows, oldest first. */
export const auditRows = (campaignId: number) =>
  AuditLog.findAll({
    where: { entityType: 'campaign', entityId: String(campaignId) },
    order: [['id', 'ASC']],
  });

/** A word no other test's names hold, to search for. */
export const tag = () => `t${randomBytes(4).toString('hex')}`;

/**
 * The api for an admin-campaigns-*.test.ts file, with a signed-in admin, and the admin's edits of
 * a campaign's statistics and setup flags.
 */
export function useAdminCampaigns() {
  // The attestation records the client's address, which these tests send as a proxy would.
  config.trustProxy = true;
  const api = useTestApi({ admin: true });
  return {
    api,
    putStats: (id: number | string, body: unknown) =>
      api.admin.request('PUT', `/api/admin/campaigns/${id}/stats`, body),
    putSetup: (id: number | string, body: unknown) =>
      api.admin.request('PUT', `/api/admin/campaigns/${id}/setup`, body),
  };
}
