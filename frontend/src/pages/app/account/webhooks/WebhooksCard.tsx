import { useCallback, useEffect, useState } from 'react';
import { Alert, Spin, Typography } from 'antd';
import { MAX_WEBHOOK_ENDPOINTS, type WebhookEndpoint } from '@ringcast/shared-types';
import { fetchWebhookEndpoints } from '../../../../api/webhooks';
import { AddEndpointForm } from './AddEndpointForm';
import { EndpointItem } from './EndpointItem';
import './webhooks.css';

/** The secret of an endpoint just made or rolled: shown this once, with a copy button. */
function SecretOnce({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  return (
    <Alert
      type="success"
      showIcon
      closable={{ onClose }}
      className="rc-webhook-secret"
      title={`Signing secret for ${endpoint.url}`}
      description={
        <>
          <Typography.Text code copyable={{ text: endpoint.secret }} data-testid="webhook-secret">
            {endpoint.secret}
          </Typography.Text>
          <div>
            Copy it now: it is shown only this once. Your receiver checks the Ringcast-Signature header with
            it.
          </div>
        </>
      }
    />
  );
}

/**
 * /account Integrations → Webhooks: the owner's endpoints (up to 10), each with its events,
 * on/off, test event, secret roll, delete and delivery log. See docs/webhooks.md.
 */
export function WebhooksCard() {
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [secret, setSecret] = useState<WebhookEndpoint | null>(null);

  const reload = useCallback(async () => {
    try {
      setEndpoints(await fetchWebhookEndpoints());
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => void reload(), [reload]);

  const replace = (changed: WebhookEndpoint) =>
    setEndpoints(
      (list) => list?.map((e) => (e.id === changed.id ? { ...changed, secret: undefined } : e)) ?? null,
    );

  return (
    <section className="rc-webhooks" aria-label="Webhooks" id="integrations">
      <h3>Webhooks</h3>
      <p className="rc-webhooks-hint">
        Ringcast posts each event to your endpoints as it happens, signed with the endpoint&apos;s secret (up
        to {MAX_WEBHOOK_ENDPOINTS} endpoints). Failed deliveries are retried for 3 days; events may arrive in
        any order.
      </p>
      {secret && <SecretOnce endpoint={secret} onClose={() => setSecret(null)} />}
      {failed ? (
        <Alert type="error" showIcon title="Could not load your webhook endpoints." />
      ) : endpoints === null ? (
        <Spin />
      ) : (
        <ul className="rc-webhook-list">
          {endpoints.map((endpoint) => (
            <EndpointItem
              key={endpoint.id}
              endpoint={endpoint}
              onChanged={replace}
              onDeleted={() => setEndpoints((list) => list?.filter((e) => e.id !== endpoint.id) ?? null)}
              onSecret={(rolled) => {
                replace(rolled);
                setSecret(rolled);
              }}
            />
          ))}
        </ul>
      )}
      {endpoints && endpoints.length < MAX_WEBHOOK_ENDPOINTS && (
        <AddEndpointForm
          onAdded={(made) => {
            setSecret(made);
            setEndpoints((list) => [...(list ?? []), { ...made, secret: undefined }]);
          }}
        />
      )}
    </section>
  );
}
