import type {
  CreateWebhookEndpointInput,
  UpdateWebhookEndpointInput,
  WebhookDelivery,
  WebhookEndpoint,
} from '@ringcast/shared-types';
import { api } from './client';

/** The owner's webhook endpoints (Account → Integrations), their secrets shown once, and their logs. */
export const fetchWebhookEndpoints = () => api.get<WebhookEndpoint[]>('/api/webhook-endpoints');

export const createWebhookEndpoint = (input: CreateWebhookEndpointInput) =>
  api.post<WebhookEndpoint>('/api/webhook-endpoints', input);

export const updateWebhookEndpoint = (id: number, input: UpdateWebhookEndpointInput) =>
  api.put<WebhookEndpoint>(`/api/webhook-endpoints/${id}`, input);

export const deleteWebhookEndpoint = (id: number) => api.delete<void>(`/api/webhook-endpoints/${id}`);

export const rollWebhookSecret = (id: number) =>
  api.post<WebhookEndpoint>(`/api/webhook-endpoints/${id}/roll-secret`);

export const sendTestWebhook = (id: number) => api.post<WebhookDelivery>(`/api/webhook-endpoints/${id}/test`);

export const fetchWebhookDeliveries = (id: number) =>
  api.get<WebhookDelivery[]>(`/api/webhook-endpoints/${id}/deliveries`);

export const resendWebhookDelivery = (id: number, deliveryId: number) =>
  api.post<WebhookDelivery>(`/api/webhook-endpoints/${id}/deliveries/${deliveryId}/resend`);
