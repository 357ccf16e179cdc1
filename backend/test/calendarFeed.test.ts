import { describe, expect, it } from 'vitest';
import ical, { type VEvent } from 'node-ical';
import { TestClient } from './helpers/client';
import { userWithDraft } from './helpers/campaigns';
import { ownerWithLiveCall } from './helpers/leads';
import { useTestApi } from './helpers/server';
import { config } from '../src/config';
import { Appointment } from '../src/db/models';

/** The private iCalendar feed of each user's booked appointments (docs/appointments.md#calendar-feed). */
const api = useTestApi();

const HOUR = 3_600_000;
/** Whole minutes, a week ahead: as the agent books. */
const nextWeek = (hours = 0) => new Date(Math.floor(Date.now() / HOUR) * HOUR + 7 * 24 * HOUR + hours * HOUR);

const pathOf = (url: string) => new URL(url).pathname;
const fetchFeed = (url: string) => fetch(`${api.baseUrl}${pathOf(url)}`);

async function feedUrl(client: TestClient): Promise<string> {
  const res = await client.get('/api/calendar-feed');
  expect(res.status, res.text).toBe(200);
  return res.json.url as string;
}

const eventsOf = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter((item): item is VEvent => item?.type === 'VEVENT');

describe('the calendar feed', () => {
  it('holds each booked appointment once, as RFC 5545 wants it, and leaves canceled ones out', async () => {
    const owner = await ownerWithLiveCall(api.baseUrl, 'appointment_booked');
    const base = {
      userId: owner.user.id,
      campaignId: owner.campaign.id,
      prospectId: owner.prospect.id,
      callRecordId: owner.call.id,
      timeZone: 'America/New_York',
      durationMinutes: 30,
      phoneNumber: owner.prospect.phoneNumber,
    };
    const booked = await Appointment.create({
      ...base,
      startsAt: nextWeek(),
      heldSlotStart: nextWeek(),
      notes: 'Dana asked for a quote for the spring cleaning of the whole office, '.repeat(3),
    });
    await Appointment.create({
      ...base,
      startsAt: nextWeek(2),
      status: 'canceled',
      canceledAt: new Date(),
    });
    const stranger = await userWithDraft(api.baseUrl);
    await Appointment.create({
      ...base,
      userId: stranger.user.id,
      campaignId: stranger.campaign.id,
      prospectId: null,
      callRecordId: null,
      startsAt: nextWeek(3),
    });

    const url = await feedUrl(owner.client);
    expect(url).toMatch(new RegExp(`^${config.publicUrl}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(await feedUrl(owner.client)).toBe(url);
    const res = await fetchFeed(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await res.text();

    // RFC 5545: CRLF line ends, lines folded at 75 octets, the calendar's and each event's essentials.
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n');
    expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(lines).toContain('VERSION:2.0');
    expect(lines.some((line) => line.startsWith('PRODID:'))).toBe(true);
    for (const field of ['UID:', 'DTSTAMP:', 'DTSTART:', 'DTEND:', 'SUMMARY:'])
      expect(lines.filter((line) => line.startsWith(field))).toHaveLength(1);

    const [event, ...others] = eventsOf(text);
    expect(others).toEqual([]);
    expect(event!.uid).toBe(`appointment-${booked.id}@${new URL(config.publicUrl).hostname}`);
    expect(String(event!.summary)).toBe('Dana Whitfield - Spring reminders');
    expect(event!.start.toISOString()).toBe(nextWeek().toISOString());
    expect(event!.end?.toISOString()).toBe(nextWeek(0.5).toISOString());
    expect(lines.find((line) => line.startsWith('DTSTART'))).toMatch(/^DTSTART:\d{8}T\d{6}Z$/);
    const description = String(event!.description);
    expect(description).toContain(`Phone: ${owner.prospect.phoneNumber}`);
    expect(description).toContain(`${config.publicUrl}/campaigns/${owner.campaign.id}?call=${owner.call.id}`);

    // Canceled: gone at the next refresh, the event's UID unchanged for the one left.
    await booked.update({ status: 'canceled', canceledAt: new Date(), heldSlotStart: null });
    expect(eventsOf(await (await fetchFeed(url)).text())).toEqual([]);
  });

  it('gives a new address on reset; the old one answers 404', async () => {
    const owner = await userWithDraft(api.baseUrl);
    const first = await feedUrl(owner.client);
    const reset = await owner.client.post('/api/calendar-feed/reset');
    expect(reset.status, reset.text).toBe(200);
    const second = reset.json.url as string;
    expect(second).not.toBe(first);
    expect(await feedUrl(owner.client)).toBe(second);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);
  });

  it('answers 404 for a token that opens no feed, whatever its shape; the address needs no session', async () => {
    const owner = await userWithDraft(api.baseUrl);
    const url = await feedUrl(owner.client);
    const token = pathOf(url).slice('/calendar/'.length, -'.ics'.length);
    const other = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [
      `/calendar/${other}.ics`,
      '/calendar/nope.ics',
      `/calendar/${token}`,
      `/calendar/${token}.txt`,
    ])
      expect((await fetch(`${api.baseUrl}${path}`)).status, path).toBe(404);
    // Each user has an address of their own.
    const stranger = await userWithDraft(api.baseUrl);
    expect(await feedUrl(stranger.client)).not.toBe(url);
  });

  it('shows the address only to a signed-in user', async () => {
    const client = new TestClient(api.baseUrl);
    expect((await client.get('/api/calendar-feed')).status).toBe(401);
    expect((await client.post('/api/calendar-feed/reset')).status).toBe(401);
  });
});
