/** Reading Prometheus's text exposition as a scraper would, for tests of what the processes export. */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Every sample of the exposition (comments skipped). */
export function samplesOf(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = SAMPLE_LINE.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The samples of `name` whose labels include `labels`. */
export const samplesNamed = (text: string, name: string, labels: Record<string, string> = {}) =>
  samplesOf(text).filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );

/** The sum of those samples' values; undefined when there is none. */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}) {
  const found = samplesNamed(text, name, labels);
  return found.length ? found.reduce((sum, sample) => sum + sample.value, 0) : undefined;
}

/** GET a metrics endpoint, with a bearer token when given. */
export async function scrape(url: string, token?: string) {
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { status: res.status, contentType: res.headers.get('content-type'), text: await res.text() };
}
