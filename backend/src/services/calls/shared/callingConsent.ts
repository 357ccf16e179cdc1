import type { Transaction } from 'sequelize';
import {
  consentMissingMessage,
  missingConsent,
  ticksAttestation,
  type ConsentItem,
  type SetupFlag,
} from '@ringcast/shared-types';
import { User, type Campaign } from '../../../db/models';
import { conflict } from '../../../errors';

/** The owner's profile fields the consent rule reads. */
export const CONSENT_OWNER_ATTRIBUTES = ['id', 'companyName', 'phoneNumber'] as const;
type ConsentOwner = Pick<User, 'companyName' | 'phoneNumber'> | null | undefined;

/** What the campaign and its owner's profile still lack before calling (shared-types' rule). */
export async function consentMissingFor(
  campaign: Campaign,
  transaction?: Transaction,
): Promise<ConsentItem[]> {
  const owner = await User.findByPk(campaign.userId, {
    attributes: [...CONSENT_OWNER_ATTRIBUTES],
    transaction,
  });
  return consentMissingOf(campaign, owner);
}

/** The same, with the owner's profile already read. */
export function consentMissingOf(campaign: Campaign, owner: ConsentOwner): ConsentItem[] {
  return missingConsent({
    companyName: owner?.companyName,
    callbackNumber: owner?.phoneNumber,
    hasProvidedList: campaign.hasProvidedList ?? null,
    prospectsAreCurrentClients: Boolean(campaign.prospectsAreCurrentClients),
    prospectsOptedIn: Boolean(campaign.prospectsOptedIn),
    listAttestedAt: campaign.listAttestedAt,
  });
}

/**
 * The Compliance step may be set only once the owner's company name, callback number and list
 * attestation are there: a 409 naming what is missing otherwise, whoever sets it (an admin or
 * the system). Clearing it, and every other flag, is always allowed.
 */
export async function assertSetupFlagAllowed(
  campaign: Campaign,
  flag: SetupFlag,
  value: boolean,
  transaction?: Transaction,
): Promise<void> {
  if (flag !== 'setupComplianceVerified' || !value) return;
  const missing = await consentMissingFor(campaign, transaction);
  if (missing.length) throw conflict(consentMissingMessage(missing));
}

/** Who ticked a step-2 box, when and from where, when a change ticks one that was not. */
export function attestationOf(
  before: { prospectsAreCurrentClients?: boolean | null; prospectsOptedIn?: boolean | null },
  change: { prospectsAreCurrentClients?: boolean; prospectsOptedIn?: boolean },
  by: { userId: number; address: string },
) {
  const ticked = ticksAttestation(
    {
      prospectsAreCurrentClients: Boolean(before.prospectsAreCurrentClients),
      prospectsOptedIn: Boolean(before.prospectsOptedIn),
    },
    change,
  );
  return ticked
    ? { listAttestedByUserId: by.userId, listAttestedAt: new Date(), listAttestedFrom: by.address }
    : {};
}
