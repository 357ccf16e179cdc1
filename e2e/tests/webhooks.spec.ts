import http from 'node:http';
import { expect, test } from '@playwright/test';
import { expectToast, signUp } from './helpers';

/** A customer's receiver on a local port (the e2e server allows local receivers, as in development). */
async function startReceiver() {
  const received: { eventId: string; signature: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        eventId: String(req.headers['ringcast-event-id']),
        signature: String(req.headers['ringcast-signature']),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/ringcast`, received, close: () => server.close() };
}

test('webhooks: add an endpoint, see its secret once, send a test event and find it in the delivery log', async ({
  page,
}) => {
  // The account page loads several cards at once, and the machine may be busy.
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  try {
    page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
    await signUp(page, { fullName: 'Wendy Hooks' });
    const section = page.locator('section.rc-webhooks');
    // The account page loads its cards at once: on a busy machine, it may take a while.
    const shown = () =>
      expect(section.getByRole('heading', { name: 'Webhooks' })).toBeVisible({ timeout: 30_000 });
    await page.goto('/account');
    await shown();

    const form = section.getByRole('form', { name: 'Add a webhook endpoint' });
    await form.getByLabel('Endpoint URL').fill(receiver.url);
    await form.getByLabel('Description (optional)').fill('Our CRM');
    await form.getByRole('checkbox', { name: /^prospect\.opted_out/ }).uncheck();
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    // The secret, once, with a copy button.
    const secret = section.getByTestId('webhook-secret');
    await expect(secret).toContainText(/^whsec_/);
    const endpoint = section.locator('li.rc-webhook-endpoint', { hasText: receiver.url });
    await expect(endpoint).toContainText('Our CRM');
    await expect(endpoint).toContainText('call.completed');
    await expect(endpoint).not.toContainText('prospect.opted_out');

    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    await expectToast(page, 'Test Event Delivered', 'Your endpoint answered 200.');
    expect(receiver.received).toHaveLength(1);
    const [{ eventId, signature, body }] = receiver.received;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(JSON.parse(body)).toMatchObject({ id: eventId, type: 'webhook.test' });

    const log = endpoint.getByRole('table');
    const row = log.getByRole('row', { name: new RegExp(eventId) });
    await expect(row).toContainText('webhook.test');
    await expect(row).toContainText('200');
    await expect(row).toContainText('thanks');

    // Resend: the same event again, as attempt 2.
    await row.getByRole('button', { name: 'Resend' }).click();
    await expect(log.getByRole('row', { name: new RegExp(eventId) })).toHaveCount(2);
    expect(receiver.received.map((r) => r.eventId)).toEqual([eventId, eventId]);

    // After a reload the secret is not shown again; turning the endpoint off sticks.
    await page.reload();
    await shown();
    await expect(endpoint).toBeVisible();
    await expect(section.getByTestId('webhook-secret')).toHaveCount(0);
    await endpoint.getByRole('switch').click();
    await expect(endpoint.getByRole('switch')).not.toBeChecked();
    await page.reload();
    await shown();
    await expect(endpoint.getByRole('switch')).not.toBeChecked();

    await endpoint.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
    await expect(section.locator('li.rc-webhook-endpoint')).toHaveCount(0);
  } finally {
    receiver.close();
  }
});
