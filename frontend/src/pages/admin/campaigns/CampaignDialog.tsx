import { Modal, Tabs } from 'antd';
import type { AdminCampaign } from '@ringcast/shared-types';
import { CampaignStatusTag } from '../../../components/campaigns/CampaignStatusTag';
import { CampaignDetails } from './CampaignDetails';
import { SetupTracking } from './SetupTracking';

/** The admin's view of one campaign: what the owner entered, and the setup and statistics controls. */
export function CampaignDialog({
  campaign,
  onClose,
}: {
  campaign: AdminCampaign | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={campaign !== null}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
      title={
        campaign && (
          <span className="rc-admin-dialog-title">
            {campaign.name} <CampaignStatusTag status={campaign.status} />
          </span>
        )
      }
    >
      {campaign && (
        <Tabs
          items={[
            { key: 'details', label: 'Campaign Details', children: <CampaignDetails campaign={campaign} /> },
            { key: 'setup', label: 'Setup Tracking', children: <SetupTracking campaign={campaign} /> },
          ]}
        />
      )}
    </Modal>
  );
}
