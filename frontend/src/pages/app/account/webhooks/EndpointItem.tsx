import { useState } from 'react';
import { Button, Popconfirm, Space, Switch, Tag } from 'antd';
import type { WebhookEndpoint } from '@ringcast/shared-types';
import { showRequestError } from '../../../../api/errorPolicy';
import {
  deleteWebhookEndpoint,
  rollWebhookSecret,
  sendTestWebhook,
  updateWebhookEndpoint,
} from '../../../../api/webhooks';
import { toast } from '../../../../components/toast/toastStore';
import { DeliveryLog } from './DeliveryLog';

interface Props {
  endpoint: WebhookEndpoint;
  onChanged: (endpoint: WebhookEndpoint) => void;
  onDeleted: () => void;
  /** A new secret to show once (after a roll). */
  onSecret: (endpoint: WebhookEndpoint) => void;
}

/** One endpoint: its URL and events, on/off, Send test event, Roll secret, Delete, and its log. */
export function EndpointItem({ endpoint, onChanged, onDeleted, onSecret }: Props) {
  const [busy, setBusy] = useState<string | null>(null);
  const [sent, setSent] = useState(0);

  const run = async (what: string, action: () => Promise<void>, fallback: string) => {
    setBusy(what);
    try {
      await action();
    } catch (err) {
      showRequestError(err, { title: 'Error', fallback });
    } finally {
      setBusy(null);
    }
  };

  const sendTest = () =>
    run(
      'test',
      async () => {
        const delivery = await sendTestWebhook(endpoint.id);
        toast({
          title: delivery.deliveredAt ? 'Test Event Delivered' : 'Test Event Not Delivered',
          description: delivery.deliveredAt
            ? `Your endpoint answered ${delivery.statusCode}.`
            : `Your endpoint answered ${delivery.statusCode ?? 'nothing'}${delivery.error ? `: ${delivery.error}` : ''}.`,
          ...(delivery.deliveredAt ? {} : { variant: 'destructive' as const }),
        });
        setSent((n) => n + 1);
      },
      'Could not send the test event.',
    );

  return (
    <li className="rc-webhook-endpoint" data-url={endpoint.url}>
      <div className="rc-webhook-endpoint-head">
        <div>
          <code className="rc-webhook-url">{endpoint.url}</code>
          {endpoint.description && <div className="rc-webhook-description">{endpoint.description}</div>}
          <div>
            {endpoint.events.map((type) => (
              <Tag key={type}>{type}</Tag>
            ))}
          </div>
          {endpoint.disabledReason && <div className="rc-webhook-disabled">{endpoint.disabledReason}</div>}
        </div>
        <Space wrap>
          <Switch
            checked={endpoint.enabled}
            loading={busy === 'enabled'}
            checkedChildren="On"
            unCheckedChildren="Off"
            aria-label={endpoint.enabled ? 'Turn off' : 'Turn on'}
            onChange={(enabled) =>
              void run(
                'enabled',
                async () => onChanged(await updateWebhookEndpoint(endpoint.id, { enabled })),
                'Could not change the endpoint.',
              )
            }
          />
          <Button loading={busy === 'test'} onClick={() => void sendTest()}>
            Send test event
          </Button>
          <Popconfirm
            title="Roll the signing secret?"
            description="The current secret stops working at once."
            okText="Roll secret"
            onConfirm={() =>
              run(
                'roll',
                async () => onSecret(await rollWebhookSecret(endpoint.id)),
                'Could not roll the secret.',
              )
            }
          >
            <Button loading={busy === 'roll'}>Roll secret</Button>
          </Popconfirm>
          <Popconfirm
            title="Delete this endpoint?"
            description="Ringcast stops sending to it, and its delivery log is deleted."
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              run(
                'delete',
                async () => {
                  await deleteWebhookEndpoint(endpoint.id);
                  onDeleted();
                },
                'Could not delete the endpoint.',
              )
            }
          >
            <Button danger loading={busy === 'delete'}>
              Delete
            </Button>
          </Popconfirm>
        </Space>
      </div>
      <DeliveryLog endpointId={endpoint.id} refresh={sent} />
    </li>
  );
}
