import { Card, Statistic } from 'antd';
import type { Campaign } from '@ringcast/shared-types';
import { campaignCounters } from './campaignCounters';

/** The campaign's live figures, each a labelled group so it reads (and is found) by its name. */
export function CampaignCounters({ campaign }: { campaign: Campaign }) {
  return (
    <section className="rc-campaign-counters" aria-label="Figures">
      {campaignCounters(campaign).map(([title, value, note]) => (
        <Card key={title} size="small" role="group" aria-label={title}>
          <Statistic title={title} value={value} />
          {note && <div className="rc-campaign-counter-note">{note}</div>}
        </Card>
      ))}
    </section>
  );
}
