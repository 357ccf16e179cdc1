import { useState } from 'react';
import { useAdminCampaignsStore } from '../../../stores/adminStores';
import { ListFrame } from '../components/ListFrame';
import { useAdminList } from '../components/useAdminList';
import { AdminCampaignCard } from './AdminCampaignCard';
import { CampaignDialog } from './CampaignDialog';

/** A card per campaign, newest first; each opens the details and setup-tracking dialog. */
export function CampaignsTab({ q }: { q: string }) {
  const list = useAdminList(useAdminCampaignsStore, q);
  const [openId, setOpenId] = useState<number | null>(null);
  // Read from the store on every render, so pushes reach the open dialog too.
  const open = list.items.find((campaign) => campaign.id === openId) ?? null;

  return (
    <>
      <ListFrame
        noun="campaigns"
        one="campaign"
        q={q}
        count={list.items.length}
        emptyText="No campaigns found."
        onPage={list.setPage}
        onRetry={() => void list.refresh()}
        {...list}
      >
        <div className="rc-admin-cards">
          {list.items.map((campaign) => (
            <AdminCampaignCard key={campaign.id} campaign={campaign} onOpen={() => setOpenId(campaign.id)} />
          ))}
        </div>
      </ListFrame>
      <CampaignDialog campaign={open} onClose={() => setOpenId(null)} />
    </>
  );
}
