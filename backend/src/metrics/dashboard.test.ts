import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { registry } from './registry';
import './definitions';

/**
 * The Grafana dashboard (ops/grafana/ringcast.json) reads only what the code registers: a metric
 * renamed or a label dropped in definitions.ts fails here rather than leaving a panel empty.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dashboard = JSON.parse(readFileSync(path.join(root, 'ops/grafana/ringcast.json'), 'utf8')) as {
  panels: { title: string; type: string; targets?: { expr: string }[] }[];
};
const expressions = dashboard.panels.flatMap((panel) =>
  (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr })),
);

/** What each registered name exposes: a histogram its _bucket, _sum and _count series. */
const SERIES_SUFFIXES: Record<string, string[]> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['_sum', '_count'],
};
const registered = new Map<string, string[]>();
for (const metric of registry.getMetricsAsArray()) {
  const {
    name,
    type,
    labelNames = [],
  } = metric as unknown as { name: string; type: string; labelNames?: string[] };
  for (const suffix of SERIES_SUFFIXES[type] ?? ['']) registered.set(`${name}${suffix}`, labelNames);
}

/** Labels Prometheus adds to every series (job, instance) and the one a histogram's buckets carry. */
const ADDED_LABELS = ['job', 'instance', 'le'];
const METRIC_NAME = /\b(?:ringcast|nodejs|process)_[a-z0-9_]+\b/g;

describe('the Grafana dashboard', () => {
  it('has panels that query', () => {
    expect(expressions.length).toBeGreaterThan(10);
  });

  it.each(expressions)('$panel: $expr reads only metrics the code registers', ({ expr }) => {
    const names = expr.match(METRIC_NAME) ?? [];
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect([...registered.keys()]).toContain(name);
  });

  it.each(expressions)('$panel: $expr groups and filters by labels those metrics have', ({ expr }) => {
    const labels = new Set([
      ...ADDED_LABELS,
      ...(expr.match(METRIC_NAME) ?? []).flatMap((n) => registered.get(n) ?? []),
    ]);
    const used = [
      ...[...expr.matchAll(/\bby \(([^)]*)\)/g)].flatMap(([, list]) => list!.split(',').map((l) => l.trim())),
      ...[...expr.matchAll(/[{,]\s*([a-z_]+)\s*(?:=~|!=|!~|=)/g)].map(([, label]) => label!),
    ];
    for (const label of used) expect([...labels]).toContain(label);
  });
});
