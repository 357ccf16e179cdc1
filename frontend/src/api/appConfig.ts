import type { AppConfig } from '@ringcast/shared-types';
import { api } from './client';

let request: Promise<AppConfig> | null = null;

/** GET /api/config, read once per page load (it describes the deployment, which does not change). */
export function fetchAppConfig(): Promise<AppConfig> {
  request ??= api.get<AppConfig>('/api/config').catch((err: unknown) => {
    request = null;
    throw err;
  });
  return request;
}
