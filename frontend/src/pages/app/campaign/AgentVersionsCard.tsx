import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Popconfirm, Table, Tag, type TableColumnsType } from 'antd';
import { EditOutlined, HistoryOutlined } from '@ant-design/icons';
import {
  AGENT_FIELD_LABELS,
  canEditAgent,
  SCRIPTS_REVIEW_NOTICE,
  type AgentVersion,
  type Campaign,
} from '@ringcast/shared-types';
import { fetchAgentVersions, restoreAgentVersion } from '../../../api/campaigns';
import { CAMPAIGN_WRITE_ERROR, showRequestError } from '../../../api/errorPolicy';
import { toast } from '../../../components/toast/toastStore';
import { useCampaignPageStore } from '../../../stores/campaignPageStore';
import { useCampaignsStore } from '../../../stores/campaignsStore';
import './agentVersions.css';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What a version changed, as the owner reads it. */
function Changes({ version }: { version: AgentVersion }) {
  if (version.version === 1 && !version.changedFields.length) return <span>The agent at launch</span>;
  return (
    <span className="rc-agent-versions-changes">
      {version.restoredFrom !== null && <span>Restored version {version.restoredFrom}: </span>}
      {version.changedFields.map((field) => (
        <Tag key={field}>{AGENT_FIELD_LABELS[field]}</Tag>
      ))}
    </span>
  );
}

/**
 * The campaign's agent on its page: Edit agent, whether changed scripts wait for the team's
 * review, and the versions (who changed what, when) with Restore. The list is read again whenever
 * the campaign moves to another version, which its push says.
 */
export function AgentVersionsCard({ campaign }: { campaign: Campaign }) {
  const navigate = useNavigate();
  const [versions, setVersions] = useState<AgentVersion[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [restoring, setRestoring] = useState<number | null>(null);
  const launched = campaign.status !== 'draft';
  const editable = canEditAgent(campaign.status);

  useEffect(() => {
    if (!launched) return;
    let cancelled = false;
    fetchAgentVersions(campaign.id)
      .then((read) => {
        if (cancelled) return;
        setVersions(read);
        setFailed(false);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [campaign.id, campaign.agentVersion, launched]);

  if (!launched) return null;

  const restore = async (version: number) => {
    setRestoring(version);
    try {
      const restored = await restoreAgentVersion(campaign.id, version);
      useCampaignPageStore.getState().receive(restored);
      useCampaignsStore.getState().receive(restored);
      toast({
        title: 'Agent Restored',
        description:
          restored.agentVersion === campaign.agentVersion
            ? `Version ${version} is the agent already.`
            : `Version ${version} is the agent again, saved as version ${restored.agentVersion}.`,
      });
    } catch (err) {
      showRequestError(err, CAMPAIGN_WRITE_ERROR);
    } finally {
      setRestoring(null);
    }
  };

  const columns: TableColumnsType<AgentVersion> = [
    {
      title: 'Version',
      key: 'version',
      render: (_, v) => (
        <span>
          {v.version} {v.current && <Tag color="blue">Current</Tag>}
        </span>
      ),
    },
    { title: 'When', key: 'when', render: (_, v) => <time dateTime={v.createdAt}>{when(v.createdAt)}</time> },
    { title: 'Who', key: 'who', render: (_, v) => v.changedBy ?? 'At launch' },
    { title: 'What changed', key: 'changes', render: (_, v) => <Changes version={v} /> },
    {
      title: '',
      key: 'restore',
      align: 'right',
      render: (_, v) =>
        v.current || !editable ? null : (
          <Popconfirm
            title={`Restore version ${v.version}?`}
            description={`Its agent becomes the campaign's again, as a new version. If its scripts differ from the current ones, the team reviews them again before the next call.`}
            okText="Restore"
            onConfirm={() => restore(v.version)}
          >
            <Button
              size="small"
              icon={<HistoryOutlined />}
              loading={restoring === v.version}
              disabled={restoring !== null && restoring !== v.version}
              aria-label={`Restore version ${v.version}`}
            >
              Restore
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Card
      title={<h2 className="rc-campaign-heading">Agent versions</h2>}
      className="rc-agent-versions"
      extra={
        editable && (
          <Button icon={<EditOutlined />} onClick={() => navigate(`/campaigns/${campaign.id}/agent`)}>
            Edit agent
          </Button>
        )
      }
    >
      {!campaign.setupScriptsReviewed && campaign.agentVersion > 1 && (
        <Alert
          type="info"
          showIcon
          className="rc-agent-versions-review"
          title="The scripts are waiting for our team's review"
          description={`${SCRIPTS_REVIEW_NOTICE} You will see Scripts ticked in the setup once they are approved.`}
        />
      )}
      {failed ? (
        <Alert type="error" showIcon title="Could not load the versions of the agent." />
      ) : (
        <Table<AgentVersion>
          size="small"
          rowKey="version"
          columns={columns}
          dataSource={versions ?? []}
          loading={versions === null}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
        />
      )}
    </Card>
  );
}
