import { lazy, Suspense, useCallback, useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert, Button, Card, ConfigProvider, Flex, Space, Spin, Tabs } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { NOT_DIALING_MESSAGES, PLAYGROUND_NO_SCRIPTS, type Campaign } from '@ringcast/shared-types';
import { campaignCallsCsvPath } from '../../../api/calls';
import { CallLog } from '../../../components/calls/CallLog';
import { CancelsOnNote } from '../../../components/billing/CancelsOnNote';
import { PastDueAlert } from '../../../components/billing/PastDueAlert';
import { isReadOnlyCampaign } from '../../../components/billing/campaignBilling';
import { CampaignStatusTag } from '../../../components/campaigns/CampaignStatusTag';
import { campaignNumberLabel } from '../../../components/campaigns/format';
import { PauseStartButton } from '../../../components/campaigns/PauseStartButton';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { AgentPlayground } from '../../../components/playground/AgentPlayground';
import { usePageMeta } from '../../../components/usePageMeta';
import { useFallbackPoll } from '../../../realtime/useFallbackPoll';
import { useCampaignAppointmentsStore } from '../../../stores/appointmentsStore';
import { useCallbacksStore } from '../../../stores/callbacksStore';
import { useCampaignCallsStore } from '../../../stores/callLogStore';
import { useCampaignPageStore } from '../../../stores/campaignPageStore';
import { useLiveCallsStore } from '../../../stores/liveCallsStore';
import { AgentVersionsCard } from './AgentVersionsCard';
import { AppointmentHoursForm } from './AppointmentHoursForm';
import { AppointmentsCard } from './AppointmentsCard';
import { CallbacksCard } from './CallbacksCard';
import { CallActivityChart } from './CallActivityChart';
import { CampaignCounters } from './CampaignCounters';
import { PlanCard } from './PlanCard';
import { MaxConcurrentCalls } from './MaxConcurrentCalls';
import { CallingRulesForm } from './CallingRulesForm';
import { AlertRecipientsForm } from './AlertRecipientsForm';
import { AnalysisFieldsForm } from './AnalysisFieldsForm';
import { RecordingForm } from './RecordingForm';
import { TransfersForm } from './TransfersForm';
import { useCallLink } from './useCallLink';
import { useCampaignTab } from './campaignTab';
import { LiveCallsCard } from './LiveCallsCard';
import { ProspectsCard } from './ProspectsCard';
import { TestCallControl } from './TestCallControl';
import { nextCallsLine } from './prospectStates';
import { useCampaignPageActions } from './useCampaignPageActions';
import './campaignPage.css';

// Its own chunk with the charts it draws: nothing of it loads until the tab is opened.
const AnalyticsTab = lazy(() =>
  import('./analytics/AnalyticsTab').then((m) => ({ default: m.AnalyticsTab })),
);

function CampaignControls({ campaign }: { campaign: Campaign }) {
  const { pending, toggleStatus, testCall, setMaxConcurrentCalls } = useCampaignPageActions(campaign);
  const running = campaign.status === 'active' || campaign.status === 'paused';
  return (
    <Space wrap className="rc-campaign-controls">
      {running && (
        <PauseStartButton
          status={campaign.status}
          pending={pending === 'status'}
          busy={pending !== null}
          onClick={() => void toggleStatus()}
        />
      )}
      <TestCallControl
        pending={pending === 'test'}
        disabled={pending !== null && pending !== 'test'}
        onCall={(phoneNumber) => void testCall(phoneNumber)}
      />
      <MaxConcurrentCalls
        value={campaign.maxConcurrentCalls}
        saving={pending === 'concurrency'}
        onSave={(value) => void setMaxConcurrentCalls(value)}
      />
    </Space>
  );
}

function CsvExport({ campaignId }: { campaignId: number }) {
  const filters = useCampaignCallsStore((s) => s.filters);
  // A plain download: the browser sends the session cookie and saves the file.
  return (
    <Button href={campaignCallsCsvPath(campaignId, filters)} icon={<DownloadOutlined />}>
      Export CSV
    </Button>
  );
}

/** The Overview tab: the campaign's dialing, live figures, settings and call log. */
function CampaignOverview({ campaign }: { campaign: Campaign }) {
  const range = useCampaignPageStore((s) => s.range);
  const activity = useCampaignPageStore((s) => s.activity);
  const setRange = useCampaignPageStore((s) => s.setRange);
  const tried = useCallback(() => Promise.resolve(campaign.id), [campaign.id]);
  const dialing = campaign.dialing;
  const readOnly = isReadOnlyCampaign(campaign);
  const booking = campaign.type === 'appointment';
  // Changes whenever the dialer moved, so the prospects and their counts are read again.
  const prospectsVersion = dialing
    ? [
        campaign.updatedAt,
        dialing.callsInFlight,
        dialing.prospectsRemaining,
        dialing.monthBillableCalls,
        dialing.answeredByPerson,
        dialing.voicemails,
        dialing.nextCallAt,
      ].join('|')
    : campaign.updatedAt;
  return (
    <Flex vertical gap={16} className="rc-campaign-overview">
      {!readOnly && <CampaignControls campaign={campaign} />}
      <CampaignCounters campaign={campaign} />
      <PlanCard key={`${campaign.id}-${campaign.monthlyCallVolume}`} campaign={campaign} />
      {booking && <AppointmentsCard campaignId={campaign.id} />}
      <LiveCallsCard campaignId={campaign.id} agentName={campaign.aiAgentName} />
      {!readOnly && (
        <AgentPlayground
          campaignId={tried}
          agentName={campaign.aiAgentName}
          unavailable={campaign.scriptAnswering?.trim() ? null : PLAYGROUND_NO_SCRIPTS}
        />
      )}
      <CallActivityChart activity={activity} range={range} onRange={setRange} />
      {/* A canceled campaign is read-only: its settings show, none of them can change. */}
      <ConfigProvider componentDisabled={readOnly}>
        <AgentVersionsCard campaign={campaign} />
        <Card title={<h2 className="rc-campaign-heading">Calling rules</h2>} className="rc-campaign-rules">
          <CallingRulesForm campaign={campaign} />
        </Card>
        {booking && (
          <Card
            title={<h2 className="rc-campaign-heading">Appointment hours</h2>}
            className="rc-campaign-appointment-hours"
          >
            <AppointmentHoursForm campaign={campaign} />
          </Card>
        )}
        <Card title={<h2 className="rc-campaign-heading">Transfers</h2>} className="rc-campaign-transfers">
          <TransfersForm campaign={campaign} />
        </Card>
        <Card title={<h2 className="rc-campaign-heading">Call analysis</h2>} className="rc-campaign-analysis">
          <AnalysisFieldsForm campaign={campaign} />
        </Card>
        <Card title={<h2 className="rc-campaign-heading">Recording</h2>} className="rc-campaign-recording">
          <RecordingForm campaign={campaign} />
        </Card>
        <Card title={<h2 className="rc-campaign-heading">Lead alerts</h2>} className="rc-campaign-alerts">
          <AlertRecipientsForm campaignId={campaign.id} />
        </Card>
      </ConfigProvider>
      <CallbacksCard campaignId={campaign.id} />
      <ProspectsCard campaignId={campaign.id} version={prospectsVersion} />
      <Card title={<h2 className="rc-campaign-heading">Calls</h2>} className="rc-campaign-calls">
        <CallLog
          campaignId={campaign.id}
          useStore={useCampaignCallsStore}
          agentName={campaign.aiAgentName}
          analysisFields={campaign.analysisFields}
          actions={<CsvExport campaignId={campaign.id} />}
        />
      </Card>
    </Flex>
  );
}

function CampaignView({ campaign }: { campaign: Campaign }) {
  const [tab, setTab] = useCampaignTab();
  useCallLink(campaign.id);
  const reason = campaign.dialing?.notDialingReason ?? null;
  const { nextCallAt, nextCallTimeZone } = campaign.dialing ?? {};
  const readOnly = isReadOnlyCampaign(campaign);
  usePageMeta({
    title: `${campaign.name} | Ringcast`,
    description:
      "A campaign's calls as they happen: figures, live conversations, results over time, prospects, calling rules and the call log.",
  });
  return (
    <>
      <header className="rc-page-header">
        <div>
          <h1 className="rc-page-title">
            {campaign.name} <CampaignStatusTag status={campaign.status} />
          </h1>
          <p className="rc-campaign-caller-id">
            Calls from{' '}
            <strong className="rc-campaign-number">{campaignNumberLabel(campaign.phoneNumber)}</strong>
          </p>
          {/* The past-due and canceled banners below say why, with what to do. */}
          {reason && reason !== 'past_due' && reason !== 'canceled' && (
            <p className="rc-campaign-reason" role="status" aria-label="Dialing">
              {NOT_DIALING_MESSAGES[reason]}
            </p>
          )}
          <CancelsOnNote campaign={campaign} />
          {nextCallAt && nextCallTimeZone && (
            <p className="rc-campaign-next-calls" role="status" aria-label="Next calls">
              {nextCallsLine(nextCallAt, nextCallTimeZone)}
            </p>
          )}
        </div>
      </header>
      {campaign.status === 'past_due' && <PastDueAlert />}
      {readOnly && (
        <Alert
          type="info"
          showIcon
          className="rc-campaign-canceled"
          title="This campaign is canceled: it no longer calls, and its calls and results stay here to read."
        />
      )}
      <Tabs
        className="rc-campaign-tabs"
        activeKey={tab}
        onChange={(key) => setTab(key === 'analytics' ? 'analytics' : 'overview')}
        items={[
          { key: 'overview', label: 'Overview', children: <CampaignOverview campaign={campaign} /> },
          {
            key: 'analytics',
            label: 'Analytics',
            // Mounted only while open: it reads and follows the campaign's figures only then.
            children: tab === 'analytics' && (
              <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
                <AnalyticsTab campaign={campaign} />
              </Suspense>
            ),
          },
        ]}
      />
    </>
  );
}

/** /campaigns/:id: one campaign's dialing, live figures, chart and call log. */
export function CampaignPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const show = useCampaignPageStore((s) => s.show);
  const campaign = useCampaignPageStore((s) => s.campaign);
  const status = useCampaignPageStore((s) => s.status);
  useEffect(() => (valid ? show(id) : undefined), [show, id, valid]);
  const refresh = useCallback(() => {
    void useCampaignPageStore.getState().refresh();
    void useCampaignCallsStore.getState().refresh();
    void useLiveCallsStore.getState().refresh();
    void useCampaignAppointmentsStore.getState().refresh();
    void useCallbacksStore.getState().refresh();
  }, []);
  useFallbackPoll(refresh, valid);

  if (!valid || status === 'missing') return <NotFoundPage />;
  return (
    <div className="rc-campaign-page">
      <Link to="/campaigns" className="rc-campaign-back">
        <ArrowLeftOutlined /> Campaigns
      </Link>
      {campaign ? (
        <CampaignView campaign={campaign} />
      ) : status === 'error' ? (
        <Alert type="error" showIcon title="Could not load the campaign." />
      ) : (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      )}
    </div>
  );
}
