import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Input, Popconfirm, Select, Space, Spin, Tag } from 'antd';
import { CALCOM_NOT_CONNECTED, type CalcomConnection, type CalcomEventType } from '@ringcast/shared-types';
import { requestErrorSentence, showRequestError } from '../../../../api/errorPolicy';
import {
  connectCalcom,
  disconnectCalcom,
  fetchCalcomConnection,
  fetchCalcomEventTypes,
} from '../../../../api/calendar';
import { toast } from '../../../../components/toast/toastStore';
import { connectProblem, eventTypesProblem, keyEnding } from './calcomForm';

function Connected({
  connection,
  onChange,
}: {
  connection: CalcomConnection;
  onChange: (c: CalcomConnection) => void;
}) {
  const [pending, setPending] = useState(false);
  const disconnect = async () => {
    setPending(true);
    try {
      await disconnectCalcom();
      onChange(CALCOM_NOT_CONNECTED);
      toast({
        title: 'Cal.com Disconnected',
        description: 'Booking campaigns use their appointment hours again.',
      });
    } catch (err) {
      showRequestError(err, { title: 'Error', fallback: 'Could not disconnect Cal.com.' });
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Descriptions size="small" column={1} className="rc-calcom-connected">
        <Descriptions.Item label="Status">
          <Space size="small">
            <Tag color="green">Connected</Tag>
            {connection.sandbox && <Tag color="gold">Sandbox</Tag>}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="Event type">
          {connection.eventTypeTitle ?? `#${connection.eventTypeId}`}
          {connection.eventTypeMinutes ? ` (${connection.eventTypeMinutes} min)` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="API key">{keyEnding(connection.apiKeyLast4)}</Descriptions.Item>
      </Descriptions>
      <Popconfirm
        title="Disconnect Cal.com?"
        description="New bookings use each campaign's appointment hours. Bookings already made stay in Cal.com."
        okText="Disconnect"
        onConfirm={() => void disconnect()}
      >
        <Button danger loading={pending}>
          Disconnect
        </Button>
      </Popconfirm>
    </>
  );
}

function ConnectForm({ onChange }: { onChange: (c: CalcomConnection) => void }) {
  const [apiKey, setApiKey] = useState('');
  const [eventTypes, setEventTypes] = useState<CalcomEventType[] | null>(null);
  const [eventTypeId, setEventTypeId] = useState<number | null>(null);
  const [pending, setPending] = useState<'load' | 'connect' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = async () => {
    const problem = eventTypesProblem(apiKey);
    setError(problem);
    if (problem) return;
    setPending('load');
    try {
      const types = await fetchCalcomEventTypes(apiKey.trim());
      setEventTypes(types);
      setEventTypeId(types.length === 1 ? types[0].id : null);
      if (!types.length)
        setError('This Cal.com account has no event types yet. Create one in Cal.com first.');
    } catch (err) {
      setEventTypes(null);
      setError(requestErrorSentence(err, 'Could not load your Cal.com event types.'));
    } finally {
      setPending(null);
    }
  };

  const connect = async () => {
    const problem = connectProblem(apiKey, eventTypeId);
    setError(problem);
    if (problem || eventTypeId === null) return;
    setPending('connect');
    try {
      onChange(await connectCalcom({ apiKey: apiKey.trim(), eventTypeId }));
      toast({
        title: 'Cal.com Connected',
        description: 'Booking campaigns now book in your Cal.com calendar.',
      });
    } catch (err) {
      setError(requestErrorSentence(err, 'Could not connect Cal.com.'));
    } finally {
      setPending(null);
    }
  };

  return (
    <form
      className="rc-calcom-form"
      aria-label="Connect Cal.com"
      onSubmit={(e) => {
        e.preventDefault();
        void (eventTypes ? connect() : load());
      }}
    >
      <label className="rc-integration-field">
        <span>API key</span>
        <Input.Password
          value={apiKey}
          autoComplete="off"
          placeholder="cal_live_..."
          onChange={(e) => {
            setApiKey(e.target.value);
            setEventTypes(null);
            setEventTypeId(null);
          }}
        />
      </label>
      {eventTypes && eventTypes.length > 0 && (
        <label className="rc-integration-field">
          <span>Event type</span>
          <Select<number>
            aria-label="Event type"
            value={eventTypeId ?? undefined}
            placeholder="Choose the event prospects book"
            onChange={setEventTypeId}
            options={eventTypes.map((t) => ({ value: t.id, label: `${t.title} (${t.lengthInMinutes} min)` }))}
          />
        </label>
      )}
      {error && <Alert type="error" showIcon role="alert" title={error} />}
      <Space>
        <Button htmlType="button" loading={pending === 'load'} onClick={() => void load()}>
          Load event types
        </Button>
        {eventTypes && eventTypes.length > 0 && (
          <Button type="primary" htmlType="submit" loading={pending === 'connect'}>
            Connect
          </Button>
        )}
      </Space>
    </form>
  );
}

/**
 * /account Integrations → Cal.com: with an API key and one event type, booking campaigns offer
 * Cal.com's free slots and book there, so appointments land in whatever calendar Cal.com syncs.
 */
export function CalcomCard() {
  const [connection, setConnection] = useState<CalcomConnection | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    fetchCalcomConnection().then(
      (answer) => live && setConnection(answer),
      (err: unknown) => {
        console.error('Could not load the Cal.com connection', err);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <section className="rc-integration" aria-label="Cal.com">
      <h3>Cal.com</h3>
      <p className="rc-integration-hint">
        Connect Cal.com and the agent offers the free times of your Cal.com calendar and books there; without
        it, each booking campaign uses its own appointment hours. Find your API key in Cal.com under Settings
        → Developer → API keys.
      </p>
      {failed ? (
        <Alert type="error" showIcon title="Could not load your Cal.com connection." />
      ) : !connection ? (
        <Spin />
      ) : connection.connected ? (
        <Connected connection={connection} onChange={setConnection} />
      ) : (
        <ConnectForm onChange={setConnection} />
      )}
    </section>
  );
}
