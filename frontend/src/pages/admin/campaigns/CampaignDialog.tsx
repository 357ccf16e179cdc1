import { Modal, Tabs } from 'antd';
import type { AdminCampaign } from '@ringcast/shared-types';
import { CallLog } from '../../../components/calls/CallLog';
import { CampaignStatusTag } from '../../../components/campaigns/CampaignStatusTag';
import { useAdminCampaignCallsStore } from '../../../stores/callLogStore';
import { CampaignDetails } from './CampaignDetails';
import { SetupTracking } from './SetupTracking';

/**
 * The admin's view of one campaign: what the owner entered, the setup and statistics controls,
 * and its calls as they happen.
 */
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
            {
              key: 'calls',
              label: 'Calls',
              children: (
                <CallLog
                  campaignId={campaign.id}
                  useStore={useAdminCampaignCallsStore}
                  agentName={campaign.aiAgentName}
                  analysisFields={campaign.analysisFields}
                />
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
