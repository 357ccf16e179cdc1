import { describe, expect, it } from 'vitest';
import { INVALID_FILE_TYPE } from '@ringcast/shared-types';
import { AuditLog, Campaign, ProspectList } from '../src/db/models';
import { adminClient } from './helpers/admin';
import { userWithDraft } from './helpers/campaigns';
import { PNG_BYTES, uploadFile } from './helpers/prospectFiles';
import { useTestApi } from './helpers/server';

const api = useTestApi({ admin: true });

const uploadPurchased = (
  client: Parameters<typeof uploadFile>[0],
  campaignId: number,
  name: string,
  content: string | Uint8Array,
) => uploadFile(client, name, content, 'file', `/api/admin/campaigns/${campaignId}/prospect-list`);

describe('POST /api/admin/campaigns/:id/prospect-list', () => {
  it("makes the file a list of the campaign's customer, attaches it and audits it", async () => {
    const owner = await userWithDraft(api.baseUrl);
    const { client: admin, user: adminUser } = await adminClient(api.baseUrl);
    const res = await uploadPurchased(
      admin,
      owner.campaign.id,
      'purchased.csv',
      'Name,Phone\nAl,2125550123\nBo,2125550124\n',
    );
    expect(res.status).toBe(201);
    const listId = (res.json.prospectList as { id: number }).id;
    const list = await ProspectList.findByPk(listId, { rejectOnEmpty: true });
    expect(list.userId).toBe(owner.user.id);
    const campaign = await Campaign.findByPk(owner.campaign.id, { rejectOnEmpty: true });
    expect(campaign.prospectListId).toBe(listId);
    const audit = await AuditLog.findOne({
      where: { entityType: 'campaign', entityId: owner.campaign.id, action: 'campaign.prospectList' },
    });
    expect(audit?.actorUserId).toBe(adminUser.id);
  });

  it('refuses a file that is not a list with the customer upload’s message, and changes nothing', async () => {
    const owner = await userWithDraft(api.baseUrl);
    const { client: admin } = await adminClient(api.baseUrl);
    const lists = await ProspectList.count();
    const res = await uploadPurchased(admin, owner.campaign.id, 'photo.png', PNG_BYTES);
    expect(res.status).toBe(415);
    expect(res.json.error).toBe(INVALID_FILE_TYPE.description);
    expect(await ProspectList.count()).toBe(lists);
    expect((await Campaign.findByPk(owner.campaign.id, { rejectOnEmpty: true })).prospectListId).toBeNull();
  });

  it('answers 404 for a campaign that does not exist', async () => {
    const { client: admin } = await adminClient(api.baseUrl);
    const res = await uploadPurchased(admin, 99_999_999, 'purchased.csv', 'Phone\n2125550123\n');
    expect(res.status).toBe(404);
  });
});
