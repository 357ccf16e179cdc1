// How config.ts reads a variable's text: each refuses, naming the variable, a value it cannot use.
import { createHmac } from 'node:crypto';
import { SERVICES, type Service } from './configShape';

/** An optional absolute http(s) address, refused at start when it is anything else. */
export function optionalUrl(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${name} must be an absolute http(s) URL, got "${value}"`);
  return url.toString();
}

export function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

export const flag = (value: string | undefined) => value === 'true' || value === '1';

export function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A per-deployment value for `purpose`, from SESSION_SECRET: the same in every process, unguessable without it. */
export const derivedSecret = (sessionSecret: string, purpose: string) =>
  createHmac('sha256', sessionSecret).update(purpose).digest('hex');

export function services(value: string | undefined): Record<Service, boolean> {
  const listed = (value || SERVICES.join(','))
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const unknown = listed.filter((s) => !(SERVICES as readonly string[]).includes(s));
  if (!listed.length || unknown.length)
    throw new Error(`SERVICES must list ${SERVICES.join(' and/or ')} (comma-separated), got "${value}"`);
  return { api: listed.includes('api'), relay: listed.includes('relay') };
}

export function positive(value: string | undefined, fallback: number, name: string): number {
  const n = int(value, fallback, name);
  if (n < 1) throw new Error(`${name} must be at least 1, got "${value}"`);
  return n;
}

export function positiveNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${value}"`);
  return n;
}
