import { isValidPhone } from './phone';

/**
 * What calling on a customer's behalf needs besides the setup steps: who is calling (the company
 * name the agent says), a number to call back (the voicemail gives it), and, for a list the
 * customer uploaded, their attestation that its prospects are current clients or opted in,
 * stored with who ticked it, when and from where.
 */
export interface ConsentFacts {
  companyName: string | null | undefined;
  /** The owner's profile phone number, the one callees are told to call back. */
  callbackNumber: string | null | undefined;
  hasProvidedList: boolean | null;
  prospectsAreCurrentClients: boolean;
  prospectsOptedIn: boolean;
  /** When the owner ticked a step-2 box (null: never recorded). */
  listAttestedAt: Date | string | null | undefined;
}

export type ConsentItem = 'companyName' | 'callbackNumber' | 'listAttestation';

export const CONSENT_ITEM_LABELS: Record<ConsentItem, string> = {
  companyName: "a company name on the owner's profile",
  callbackNumber: "a valid callback number on the owner's profile",
  listAttestation:
    "the owner's attestation that the uploaded list's prospects are current clients or have opted in",
};

/** What is missing before a campaign may be verified as compliant or dial, in a fixed order. */
export function missingConsent(facts: ConsentFacts): ConsentItem[] {
  const missing: ConsentItem[] = [];
  if (!facts.companyName?.trim()) missing.push('companyName');
  if (!facts.callbackNumber || !isValidPhone(facts.callbackNumber)) missing.push('callbackNumber');
  const attested =
    Boolean(facts.listAttestedAt) && (facts.prospectsAreCurrentClients || facts.prospectsOptedIn);
  if (facts.hasProvidedList === true && !attested) missing.push('listAttestation');
  return missing;
}

/** The 409's sentence when the Compliance step is set without them. */
export const consentMissingMessage = (missing: readonly ConsentItem[]) =>
  `Compliance cannot be verified without ${missing.map((item) => CONSENT_ITEM_LABELS[item]).join(', ')}.`;

/**
 * A step-2 box went from unticked to ticked: the attestation is (re)recorded with who, when and
 * from where. Unticking keeps the record; the rule above then asks for a box ticked again.
 */
export const ticksAttestation = (
  before: Pick<ConsentFacts, 'prospectsAreCurrentClients' | 'prospectsOptedIn'>,
  after: Partial<Pick<ConsentFacts, 'prospectsAreCurrentClients' | 'prospectsOptedIn'>>,
) =>
  (after.prospectsAreCurrentClients === true && !before.prospectsAreCurrentClients) ||
  (after.prospectsOptedIn === true && !before.prospectsOptedIn);
