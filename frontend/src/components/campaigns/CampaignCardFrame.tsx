import type { ReactNode } from 'react';
import { Card } from 'antd';
import { Link } from 'react-router-dom';
import { successRate, type Campaign } from '@ringcast/shared-types';
import { CallNumbers } from './CallNumbers';
import { CampaignStatusTag } from './CampaignStatusTag';
import { campaignNumberLabel, formatDate } from './format';
import './campaignCard.css';

interface CampaignCardFrameProps {
  campaign: Campaign;
  /** Makes the heading's id unique on the page, e.g. `campaign` or `admin-campaign`. */
  idPrefix: string;
  /** What the card says about the campaign before its creation date (type, owner...). */
  meta: ReactNode;
  size?: 'small' | 'default';
  className?: string;
  /** Where the name leads (the owner's campaign page), when it is a link. */
  nameLink?: string;
  /** What follows the call figures: setup progress, actions. */
  children?: ReactNode;
}

/** A campaign's card as the owner's list and the admin's list both show it. */
export function CampaignCardFrame({
  campaign,
  idPrefix,
  meta,
  size,
  className,
  nameLink,
  children,
}: CampaignCardFrameProps) {
  const headingId = `${idPrefix}-${campaign.id}-name`;
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      data-campaign-id={campaign.id}
      size={size}
      className={className}
      title={
        <h3 id={headingId} className="rc-campaign-name">
          {nameLink ? <Link to={nameLink}>{campaign.name}</Link> : campaign.name}
        </h3>
      }
      extra={<CampaignStatusTag status={campaign.status} />}
    >
      <p className="rc-campaign-meta">
        {meta}
        <span>
          Number: <strong className="rc-campaign-number">{campaignNumberLabel(campaign.phoneNumber)}</strong>
        </span>
        <span>
          Created <time dateTime={campaign.createdAt}>{formatDate(campaign.createdAt)}</time>
        </span>
      </p>
      <CallNumbers
        totalCalls={campaign.totalCalls}
        successfulCalls={campaign.successfulCalls}
        successRate={successRate(campaign.successfulCalls, campaign.totalCalls)}
        totalCost={campaign.totalCost}
      />
      {children}
    </Card>
  );
}
