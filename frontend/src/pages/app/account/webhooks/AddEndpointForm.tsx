import { useState } from 'react';
import { Button, Checkbox, Form, Input } from 'antd';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS_REQUIRED,
  WEBHOOK_URL_INVALID,
  type CreateWebhookEndpointInput,
  type WebhookEndpoint,
} from '@ringcast/shared-types';
import { showRequestError } from '../../../../api/errorPolicy';
import { createWebhookEndpoint } from '../../../../api/webhooks';

interface Values {
  url: string;
  events: CreateWebhookEndpointInput['events'];
  description?: string;
}

/** URL, the events it wants, and an optional description; the server says whether the URL is allowed. */
export function AddEndpointForm({ onAdded }: { onAdded: (endpoint: WebhookEndpoint) => void }) {
  const [form] = Form.useForm<Values>();
  const [pending, setPending] = useState(false);

  const submit = async (values: Values) => {
    setPending(true);
    try {
      const made = await createWebhookEndpoint({
        url: values.url.trim(),
        events: values.events,
        description: values.description?.trim() || null,
      });
      form.resetFields();
      onAdded(made);
    } catch (err) {
      showRequestError(err, { title: 'Could not add the endpoint', fallback: 'Could not add the endpoint.' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={(values) => void submit(values)}
      initialValues={{ events: [...WEBHOOK_EVENT_TYPES] }}
      aria-label="Add a webhook endpoint"
      className="rc-webhook-add"
    >
      <Form.Item label="Endpoint URL" name="url" rules={[{ required: true, message: WEBHOOK_URL_INVALID }]}>
        <Input placeholder="https://crm.example.com/ringcast" inputMode="url" />
      </Form.Item>
      <Form.Item label="Events" name="events" rules={[{ required: true, message: WEBHOOK_EVENTS_REQUIRED }]}>
        <Checkbox.Group
          options={WEBHOOK_EVENT_TYPES.map((type) => ({
            value: type,
            label: `${type}: ${WEBHOOK_EVENT_LABELS[type]}`,
          }))}
        />
      </Form.Item>
      <Form.Item label="Description (optional)" name="description">
        <Input maxLength={255} placeholder="Our CRM" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={pending}>
        Add endpoint
      </Button>
    </Form>
  );
}
