import type { ReactNode } from 'react';
import { Descriptions } from 'antd';
import { formatDollars, type AdminCampaign } from '@ringcast/shared-types';
import { campaignNumberLabel, campaignTypeLabel } from '../../../components/campaigns/format';
import { formatDateTime, orDash, personName } from '../components/format';
import { CampaignFiles } from './CampaignFiles';

const yesNo = (value: boolean | null) => (value === null ? '—' : value ? 'Yes' : 'No');
const longText = (value: string | null) =>
  value?.trim() ? <span className="rc-admin-pre">{value}</span> : '—';

/** "Ticked by Ada Owner on Jul 1, 2026, 12:00 PM from 203.0.113.7", or a dash when never ticked. */
export function attestationText(c: Pick<AdminCampaign, 'listAttestation' | 'owner'>): string {
  const attestation = c.listAttestation;
  if (!attestation) return '—';
  const who = attestation.userId === c.owner.id ? personName(c.owner) : `user #${attestation.userId}`;
  const from = attestation.from ? ` from ${attestation.from}` : '';
  return `Ticked by ${who} on ${formatDateTime(attestation.at)}${from}`;
}

/** Every draft field the owner filled in, readable, with the uploaded files to download. */
export function CampaignDetails({ campaign: c }: { campaign: AdminCampaign }) {
  const rows: [string, ReactNode][] = [
    [
      'Owner',
      `${personName(c.owner)} (${c.owner.email})${c.owner.companyName ? `, ${c.owner.companyName}` : ''}`,
    ],
    ['Type', campaignTypeLabel(c.type)],
    ...(c.customType ? ([['Custom type', c.customType]] as [string, ReactNode][]) : []),
    ['Goal', longText(c.goal)],
    ['Industry', orDash(c.audienceIndustry)],
    ['Age range', orDash(c.audienceAgeRange)],
    ['Audience notes', longText(c.audienceOther)],
    [
      'Prospect list',
      c.hasProvidedList === null ? '—' : c.hasProvidedList ? 'Own list (upload)' : 'Targeted list (purchase)',
    ],
    ['List cost', formatDollars(c.listCost)],
    ['Current clients', yesNo(c.prospectsAreCurrentClients)],
    ['Opted in', yesNo(c.prospectsOptedIn)],
    ['Attestation', attestationText(c)],
    ['Files', <CampaignFiles key="files" campaign={c} />],
    [
      'AI agent',
      [c.aiAgentName, c.aiAgentVoice && `(${c.aiAgentVoice} voice)`].filter(Boolean).join(' ') || '—',
    ],
    [
      'Tone',
      orDash(
        c.aiAgentTone
          ?.split(',')
          .map((t) => t.trim())
          .filter(Boolean)
          .join(', '),
      ),
    ],
    ['Answering script', longText(c.scriptAnswering)],
    ['Rebuttals', longText(c.scriptRebuttals)],
    ['Questions', longText(c.scriptQuestions)],
    ['After answers', longText(c.scriptAfterAnswers)],
    ['Not interested', longText(c.scriptNotInterested)],
    ['Voicemail', longText(c.scriptVoicemail)],
    ['Other instructions', longText(c.scriptOther)],
    ['Monthly call volume', c.monthlyCallVolume === null ? '—' : c.monthlyCallVolume.toLocaleString('en-US')],
    [
      'Phone number',
      `${campaignNumberLabel(c.phoneNumber)} (${
        c.useProvidedNumber
          ? `provided number, area code ${orDash(c.providedNumberAreaCode)}`
          : 'own Twilio number'
      })`,
    ],
    ['Company websites', longText(c.companyWebsites)],
    ['Created', formatDateTime(c.createdAt)],
    ['Statistics updated', c.statisticsLastUpdated ? formatDateTime(c.statisticsLastUpdated) : '—'],
  ];
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      className="rc-admin-details"
      items={rows.map(([label, children]) => ({ key: label, label, children }))}
    />
  );
}
