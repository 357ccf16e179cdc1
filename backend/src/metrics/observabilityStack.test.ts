import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * docker compose's observability profile, Prometheus's scrape configuration and Grafana's
 * provisioning name each other (services, ports, the token's secret, the datasource's uid, the
 * dashboard's folder). Docker does not run in the tests, so this holds them to one another.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
// The `<<` merge keys compose uses to share the api's environment with the worker.
const yamlOf = <T>(file: string) => parse(read(file), { merge: true }) as T;

interface Service {
  profiles?: string[];
  environment?: Record<string, string>;
  volumes?: (string | { source: string })[];
  secrets?: string[];
}
const compose = yamlOf<{
  services: Record<string, Service>;
  secrets: Record<string, { environment?: string }>;
}>('docker-compose.yml');
const { api, worker, prometheus, grafana } = compose.services;

interface ScrapeJob {
  job_name: string;
  authorization?: { type?: string; credentials_file?: string };
  dns_sd_configs?: { names: string[]; type: string; port: number }[];
}
const scrapeJobs = yamlOf<{ scrape_configs: ScrapeJob[] }>('ops/prometheus.yml').scrape_configs;
const jobFor = (service: string) =>
  scrapeJobs.find((job) => job.dns_sd_configs?.[0]?.names.includes(service));

/** `./host/path:/container/path[:ro]` bind mounts, as [host, container]. */
const bindMounts = (service: Service) =>
  (service.volumes ?? [])
    .filter((volume): volume is string => typeof volume === 'string' && volume.startsWith('./'))
    .map((volume) => volume.split(':').slice(0, 2) as [string, string]);

describe('the observability profile', () => {
  it('adds Prometheus and Grafana only under the observability profile', () => {
    expect(prometheus?.profiles).toEqual(['observability']);
    expect(grafana?.profiles).toEqual(['observability']);
    expect(api?.profiles).toBeUndefined();
  });

  it('mounts files that are in the repository', () => {
    const mounts = [...bindMounts(prometheus!), ...bindMounts(grafana!)];
    expect(mounts.length).toBeGreaterThanOrEqual(3);
    for (const [host] of mounts) expect(existsSync(path.join(root, host)), host).toBe(true);
    expect(bindMounts(prometheus!)).toContainEqual([
      './ops/prometheus.yml',
      '/etc/prometheus/prometheus.yml',
    ]);
  });

  it('scrapes the api on its port with METRICS_TOKEN, handed over as a secret', () => {
    const job = jobFor('api');
    expect(job?.dns_sd_configs?.[0]?.port).toBe(Number(api!.environment!.PORT));
    expect(api!.environment!.METRICS_TOKEN).toMatch(/METRICS_TOKEN/);
    const secret = /^\/run\/secrets\/(.+)$/.exec(job?.authorization?.credentials_file ?? '')?.[1];
    expect(secret).toBeDefined();
    expect(prometheus!.secrets).toContain(secret);
    expect(compose.secrets[secret!]?.environment).toBe('METRICS_TOKEN');
  });

  it('scrapes each worker on its METRICS_PORT, with no token', () => {
    const job = jobFor('worker');
    expect(job?.dns_sd_configs?.[0]?.port).toBe(Number(worker!.environment!.METRICS_PORT));
    expect(job?.authorization).toBeUndefined();
    // The worker shares the api's settings and adds its port.
    expect(worker!.environment!.DATABASE_URL).toBe(api!.environment!.DATABASE_URL);
  });

  it("gives Grafana the Prometheus datasource the dashboard's panels name, and loads the dashboard", () => {
    const { datasources } = yamlOf<{ datasources: { uid: string; url: string }[] }>(
      'ops/grafana/provisioning/datasources/prometheus.yml',
    );
    const uid = datasources[0]!.uid;
    expect(new URL(datasources[0]!.url).hostname).toBe('prometheus');
    const dashboard = JSON.parse(read('ops/grafana/ringcast.json')) as {
      panels: { type: string; datasource?: { uid: string } }[];
    };
    for (const panel of dashboard.panels.filter((p) => p.type !== 'row'))
      expect(panel.datasource?.uid).toBe(uid);

    const { providers } = yamlOf<{ providers: { options: { path: string } }[] }>(
      'ops/grafana/provisioning/dashboards/ringcast.yml',
    );
    const mounted = bindMounts(grafana!).find(([host]) => host === './ops/grafana/ringcast.json')?.[1];
    expect(mounted && path.posix.dirname(mounted)).toBe(providers[0]!.options.path);
  });
});
