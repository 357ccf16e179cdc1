/**
 * States whose law needs every party's consent to record a phone call (the rest of the US, and
 * federal law, 18 U.S.C. § 2511(2)(d), need one party's). Notice at the start of the call plus
 * the call going on is generally taken as consent, which is why a recording campaign's greeting
 * says the call may be recorded. Sources: each state's statute as cited, as summarized by the
 * Reporters Committee for Freedom of the Press ("Reporter's Recording Guide") and Matthiesen,
 * Wickert & Lehrer, "Laws on Recording Conversations in All 50 States". Not legal advice.
 */
export interface AllPartyConsentState {
  /** USPS code. */
  state: string;
  name: string;
  statute: string;
  /** Where the rule is narrower or unsettled. */
  note?: string;
}

export const ALL_PARTY_CONSENT_STATES: readonly AllPartyConsentState[] = [
  { state: 'CA', name: 'California', statute: 'Cal. Penal Code § 632' },
  {
    state: 'CT',
    name: 'Connecticut',
    statute: 'Conn. Gen. Stat. § 52-570d',
    note: 'civil liability for recording a phone call without every party’s consent',
  },
  {
    state: 'DE',
    name: 'Delaware',
    statute: 'Del. Code tit. 11, § 1335',
    note: 'its wiretap act (§ 2402) allows one party; treated as all-party to be safe',
  },
  { state: 'FL', name: 'Florida', statute: 'Fla. Stat. § 934.03' },
  { state: 'IL', name: 'Illinois', statute: '720 ILCS 5/14-2' },
  { state: 'MD', name: 'Maryland', statute: 'Md. Code, Cts. & Jud. Proc. § 10-402' },
  { state: 'MA', name: 'Massachusetts', statute: 'Mass. Gen. Laws ch. 272, § 99' },
  {
    state: 'MI',
    name: 'Michigan',
    statute: 'Mich. Comp. Laws § 750.539c',
    note: 'courts have let a participant record; treated as all-party to be safe',
  },
  { state: 'MT', name: 'Montana', statute: 'Mont. Code § 45-8-213' },
  { state: 'NV', name: 'Nevada', statute: 'Nev. Rev. Stat. § 200.620', note: 'phone calls' },
  { state: 'NH', name: 'New Hampshire', statute: 'N.H. Rev. Stat. § 570-A:2' },
  { state: 'PA', name: 'Pennsylvania', statute: '18 Pa. Cons. Stat. § 5703' },
  { state: 'WA', name: 'Washington', statute: 'Wash. Rev. Code § 9.73.030' },
];
