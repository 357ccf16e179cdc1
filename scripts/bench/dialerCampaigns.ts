// The dialer bench's customers: each with a ready prospect list and a paid campaign on the platform
// account, written straight to the database (the bench measures dialing, not uploads and sign-ups).
// The worker does the rest as in production: copies the list in, buys the number, checks the account.
import { CallRecord, Campaign, Prospect, ProspectList, User, hashPassword } from '@ringcast/backend';

export interface BenchCampaign {
  userId: number;
  campaignId: number;
}

/** Short enough that a person who listens to the end stays about 16 simulated seconds. */
const ANSWERING_SCRIPT = 'Hello, this is Ava from Spring Dental Clinic, reminding you of your appointment.';

/**
 * A distinct number per prospect whose last digit cycles 0-9, so every sandbox outcome is played
 * in the same proportion (0 busy, 1 no answer, 2 voicemail, 3 failed, 4-9 people).
 */
const numberOf = (campaign: number, prospect: number) =>
  `+1212${300 + campaign}${String(prospect).padStart(4, '0')}`;

/** `first`: the first campaign's index, so a later run on the same database has customers and numbers of its own. */
export async function createBenchCampaigns(
  campaignCount: number,
  prospectCount: number,
  first = 0,
): Promise<BenchCampaign[]> {
  const passwordHash = await hashPassword('bench-password');
  const created: BenchCampaign[] = [];
  for (let c = first; c < first + campaignCount; c++) {
    // Spread as evenly as the count allows: the first campaigns take the remainder.
    const size =
      Math.floor(prospectCount / campaignCount) + (c - first < prospectCount % campaignCount ? 1 : 0);
    const user = await User.create({
      firstName: 'Bench',
      lastName: `Customer ${c}`,
      email: `dialer-bench-${c}@example.com`,
      passwordHash,
      // What calling requires of the owner: a company name and a callback number.
      companyName: 'Spring Dental Clinic',
      phoneNumber: '+12125550142',
    });
    const list = await ProspectList.create({
      userId: user.id,
      name: `Bench list ${c}`,
      storedFileName: `bench-${c}.csv`,
      status: 'ready',
      contactCount: size,
    });
    await Prospect.bulkCreate(
      Array.from({ length: size }, (_, p) => ({
        prospectListId: list.id,
        phoneNumber: numberOf(c, p),
        name: `Prospect ${c}-${p}`,
      })),
    );
    const campaign = await Campaign.create({
      userId: user.id,
      name: `Bench campaign ${c}`,
      type: 'appointment',
      status: 'active',
      hasProvidedList: true,
      prospectListId: list.id,
      prospectsAreCurrentClients: true,
      prospectsOptedIn: true,
      // The owner's attestation of the list, as ticking the step-2 boxes records it.
      listAttestedByUserId: user.id,
      listAttestedAt: new Date(),
      listAttestedFrom: '127.0.0.1',
      aiAgentName: 'Ava',
      aiAgentVoice: 'female',
      scriptAnswering: ANSWERING_SCRIPT,
      scriptVoicemail: 'Sorry we missed you. Please call Spring Dental Clinic back.',
      monthlyCallVolume: prospectCount,
      maxConcurrentCalls: 50,
      // Each prospect once: a busy or unanswered number is not tried again hours later, so every
      // campaign completes within the run.
      maxAttempts: 1,
      voicemailAction: 'leave_message',
      useProvidedNumber: true,
      providedNumberAreaCode: '212',
      setupPaymentProcessed: true,
      setupAiAgentConfigured: true,
      setupScriptsReviewed: true,
      setupComplianceVerified: true,
      setupTestingCompleted: true,
    });
    created.push({ userId: user.id, campaignId: campaign.id });
  }
  return created;
}

/** Calls of the run, oldest first, with what the figures need. */
export const benchCalls = () =>
  CallRecord.findAll({
    attributes: ['id', 'campaignId', 'prospectId', 'accountSid', 'status', 'dialedAt', 'settledAt'],
    where: { test: false },
    order: [['id', 'ASC']],
  });
