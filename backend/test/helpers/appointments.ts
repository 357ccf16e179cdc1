import { randomBytes } from 'node:crypto';
import { CallRecord, CampaignProspect, Prospect, ProspectList, User } from '../../src/db/models';
import { platformTwilioAccount } from '../../src/providers/twilio';
import { AGENT_CAMPAIGN } from './relay';
import { userWithDraft } from './campaigns';

const word = () => randomBytes(4).toString('hex');

/**
 * An owner of a booking campaign (type appointment, the default hours in their zone) with a
 * prospect of it in New York.
 */
export async function bookingCampaign(baseUrl: string, body: object = AGENT_CAMPAIGN) {
  const owner = await userWithDraft(baseUrl, body);
  await User.update(
    { companyName: 'Spring Dental Clinic', phoneNumber: '+12125550188' },
    { where: { id: owner.user.id } },
  );
  const list = await ProspectList.create({
    userId: owner.user.id,
    name: `Leads ${word()}`,
    storedFileName: `leads-${word()}.csv`,
    status: 'ready',
  });
  const phoneNumber = `+1212555${String(Math.floor(Math.random() * 9000) + 1000).slice(0, 3)}6`;
  const prospect = await Prospect.create({
    prospectListId: list.id,
    phoneNumber,
    name: 'Dana Whitfield',
    timeZone: 'America/New_York',
  });
  await CampaignProspect.create({ campaignId: owner.campaign.id, prospectId: prospect.id, phoneNumber });
  return { ...owner, prospect };
}

/**
 * An answered call of the campaign, as the dialer leaves it when a person picks up: to its
 * prospect, or to another New York number (`toNumber`) when a test needs several at once.
 */
export async function answeredBookingCall(
  owner: Awaited<ReturnType<typeof bookingCampaign>>,
  toNumber?: string,
) {
  const { accountSid } = platformTwilioAccount();
  const call = await CallRecord.create({
    campaignId: owner.campaign.id,
    userId: owner.user.id,
    prospectId: toNumber ? null : owner.prospect.id,
    attempt: 1,
    toNumber: toNumber ?? owner.prospect.phoneNumber,
    fromNumber: '+12125550100',
    accountSid,
    status: 'in_progress',
    answeredBy: 'human',
    dialedAt: new Date(),
    startedAt: new Date(),
    providerCallSid: `CA${randomBytes(16).toString('hex')}`,
  });
  return { call, accountSid };
}
