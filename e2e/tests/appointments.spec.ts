import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { markCampaignPaid } from './db';
import { doTeamSteps, launchDialable, SLOW, waitForNumber } from './dialingSteps';
import { expectToast, signUp, signUpBusiness } from './helpers';
import { continueButton, expectErrorToast, stepTitle } from './wizardSteps';

// The sandbox's callee follows the number's last digit: 6 is the booking persona, who asks what is
// free, takes a slot and gives an email; 8 asks to be called back tomorrow at ten.
const PROSPECTS = [
  ['Pat Person', '(212) 555-0106'],
  ['Rita Later', '(212) 555-0108'],
] as const;
// The owner's own phone for the test call (a person who listens), which completes the Testing step.
const OWNER_PHONE = '+12125550119';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Dialing, the conversation and the booking take a while on a busy machine. */
const BOOKING = { timeout: 60_000 };

interface ShownAppointment {
  id: number;
  startsAt: string;
  status: string;
  callId: number | null;
}

async function campaignAppointments(request: APIRequestContext, campaignId: number) {
  const res = await request.get(`/api/appointments?campaignId=${campaignId}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as ShownAppointment[];
}

/** The calendar at the private address on /account, unfolded (RFC 5545 folds lines at 75 octets). */
async function readFeed(page: Page, request: APIRequestContext) {
  await page.goto('/account');
  const link = page.getByRole('textbox', { name: 'Calendar link' });
  await expect(link).toHaveValue(/\/calendar\/.+\.ics$/, SLOW);
  const url = await link.inputValue();
  // A calendar app subscribes without a session: the address alone opens it.
  const res = await request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/calendar');
  return (await res.text()).replace(/\r?\n[ \t]/g, '');
}

/** "20261119T140000Z": an instant as iCalendar writes it in UTC. */
const icsUtc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

test('a booking campaign books: shown live, in the feed, canceled; a call back is listed and handled', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await signUpBusiness(page, 'Bea', 'Booker', OWNER_PHONE);
  const name = `Bookings ${Date.now()}`;
  const id = await launchDialable(page, name, PROSPECTS, { maxAttempts: 1 });
  await waitForNumber(page.request, id);

  // The campaign page is open before the call: the booking arrives by push.
  await page.goto(`/campaigns/${id}`);
  const appointments = page.getByRole('table', { name: 'Appointments' });
  await expect(appointments).toContainText('No appointments booked yet.', SLOW);
  await expect(page.getByRole('form', { name: 'Appointment hours' })).toContainText('Slot length');

  const admin = await browser.newContext();
  await doTeamSteps(admin.request, id);
  await admin.close();
  await page.getByRole('button', { name: 'Test call' }).click();
  await expectToast(page, 'Test Call Placed');

  const booked = appointments.locator('tbody tr').filter({ has: page.locator('[data-status="booked"]') });
  await expect(booked).toHaveCount(1, BOOKING);
  await expect(booked).toContainText('(212) 555-0106');
  // On the prospect's clock (New York), named so it is not read as the viewer's.
  await expect(booked).toContainText(/E[SD]T/);
  await expect(booked).toContainText('Appointment hours');

  const [appointment] = await campaignAppointments(page.request, id);
  expect(appointment).toMatchObject({ status: 'booked' });
  expect(appointment.callId).not.toBeNull();

  // The dashboard lists the next 14 days' bookings. The sandbox's dialer runs on its own clock
  // (DIALER_CLOCK_START), so the dashboard's browser is put a day before the booking when needed.
  const dashboard = await page.context().newPage();
  const startsAt = Date.parse(appointment.startsAt);
  if (startsAt < Date.now() || startsAt >= Date.now() + 14 * DAY_MS)
    await dashboard.clock.setFixedTime(startsAt - DAY_MS);
  await dashboard.goto('/');
  const upcoming = dashboard.getByRole('list', { name: 'Upcoming appointments' });
  const item = upcoming.locator(`[data-appointment-id="${appointment.id}"]`);
  await expect(item).toBeVisible(SLOW);
  await expect(item).toContainText(name);
  await expect(item).toContainText('(212) 555-0106');

  // Its call opens from the dashboard, in the drawer of the campaign's page.
  const callPage = await page.context().newPage();
  await callPage.goto(`/campaigns/${id}?call=${appointment.callId}`);
  await expect(callPage.getByRole('dialog')).toContainText('(212) 555-0106', SLOW);
  await callPage.close();
  await expect(item.getByRole('link', { name: 'View call' })).toHaveAttribute(
    'href',
    `/campaigns/${id}?call=${appointment.callId}`,
  );

  // The private calendar holds the booking, at its time, named with the campaign.
  const feed = await readFeed(await page.context().newPage(), request);
  expect(feed).toContain('BEGIN:VCALENDAR');
  const events = feed.split('BEGIN:VEVENT').slice(1);
  expect(events).toHaveLength(1);
  expect(events[0]).toContain(name);
  expect(events[0]).toMatch(new RegExp(`DTSTART(;[^:]*)?:${icsUtc(appointment.startsAt)}|DTSTART;TZID=`));

  // Cancelled on the campaign page (with a confirm): marked there, gone from the dashboard live.
  await booked.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  await expectToast(page, 'Appointment Canceled');
  await expect(appointments.locator('[data-status="canceled"]')).toHaveCount(1);
  await expect(item).toHaveCount(0, SLOW);
  const [canceled] = await campaignAppointments(page.request, id);
  expect(canceled.status).toBe('canceled');

  // The feed drops it.
  const after = await readFeed(dashboard, request);
  expect(after.split('BEGIN:VEVENT')).toHaveLength(1);

  // Rita asked to be called back: listed with the call she asked on, and waiting in the prospects.
  const callbacks = page.getByRole('table', { name: 'Upcoming callbacks' });
  const rita = callbacks.getByRole('row', { name: /Rita Later/ });
  await expect(rita).toContainText('(212) 555-0108', SLOW);
  await expect(rita.getByRole('link', { name: 'View call' })).toBeVisible();
  const prospect = page.getByRole('table', { name: 'Prospects' }).getByRole('row', { name: /Rita Later/ });
  await expect(prospect).toContainText('Call back at', SLOW);
  await rita.getByRole('button', { name: 'Handled by us' }).click();
  await expectToast(page, 'Marked as Handled');
  await expect(callbacks).toContainText('No callbacks promised.');
});

test('Cal.com connects with a sandbox key and disconnects; a reset calendar link retires the old one', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signUpBusiness(page, 'Cal', 'Connector', OWNER_PHONE);
  await page.goto('/account');
  const calcom = page.getByRole('region', { name: 'Cal.com' });
  await calcom.getByLabel('API key').fill('cal_sandbox_e2e_4321');
  await calcom.getByRole('button', { name: 'Load event types' }).click();
  await calcom.getByRole('combobox', { name: 'Event type' }).click();
  await page.getByTitle('30 Minute Meeting (30 min)', { exact: true }).click();
  await calcom.getByRole('button', { name: 'Connect' }).click();
  await expectToast(page, 'Cal.com Connected');
  await expect(calcom).toContainText('30 Minute Meeting (30 min)');
  await expect(calcom).toContainText('•••• 4321');
  await expect(calcom.getByText('Sandbox', { exact: true })).toBeVisible();

  // Stored: a reload still shows it, and the key itself never comes back.
  await page.reload();
  await expect(calcom).toContainText('•••• 4321', SLOW);
  await expect(calcom).not.toContainText('cal_sandbox_e2e_4321');
  await calcom.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('button', { name: 'Disconnect' }).last().click();
  await expectToast(page, 'Cal.com Disconnected');
  await expect(calcom.getByRole('button', { name: 'Load event types' })).toBeVisible();

  // The private link: reset, with a confirm; the old one answers 404, the new one a calendar.
  const link = page.getByRole('textbox', { name: 'Calendar link' });
  await expect(link).toHaveValue(/\/calendar\/.+\.ics$/);
  const before = await link.inputValue();
  expect((await request.get(before)).status()).toBe(200);
  await page.getByRole('button', { name: 'Reset link' }).click();
  await page.getByRole('button', { name: 'Reset link' }).last().click();
  await expectToast(page, 'Link Reset');
  await expect(link).not.toHaveValue(before);
  const after = await link.inputValue();
  expect((await request.get(before)).status()).toBe(404);
  const fresh = await request.get(after);
  expect(fresh.status()).toBe(200);
  expect(await fresh.text()).toContain('BEGIN:VCALENDAR');
});

test("the wizard's Goal step sets a booking campaign's appointment hours, checked on Continue and saved", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signUp(page);
  const res = await page.request.post('/api/campaigns', {
    data: {
      name: 'Cleanings',
      type: 'appointment',
      goal: 'Book cleanings',
      audienceIndustry: 'healthcare',
      audienceAgeRange: 'All ages',
      hasProvidedList: false,
      aiAgentName: 'Ava',
      aiAgentVoice: 'female',
      aiAgentTone: 'friendly',
      scriptAnswering: 'Hi, this is Ava from Spring Dental.',
      monthlyCallVolume: 250,
      useProvidedNumber: false,
      companyWebsites: 'https://dental.example',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };

  await page.goto(`/campaigns/create?edit=${id}`);
  await expect(page.getByRole('heading', { name: 'Edit Campaign' })).toBeVisible();
  await continueButton(page).click();
  await continueButton(page).click();
  await stepTitle(page, 'Define Campaign Goal');
  const hours = page.getByRole('group', { name: 'Appointment hours' });
  // New campaigns start Mon-Fri, 30-minute slots.
  for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])
    await expect(hours.getByRole('checkbox', { name: day })).toBeChecked();
  await expect(hours.getByRole('checkbox', { name: 'Sat' })).not.toBeChecked();

  for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])
    await hours.getByRole('checkbox', { name: day }).uncheck();
  await expectErrorToast(page, 'Appointment Hours', 'Choose at least one day for appointments');
  for (const day of ['Tue', 'Thu']) await hours.getByRole('checkbox', { name: day }).check();
  await hours.getByText('60 min', { exact: true }).click();
  for (let step = 3; step <= 7; step++) await continueButton(page).click();
  await stepTitle(page, 'Review and Payment');
  await page.getByRole('button', { name: 'Save as Draft' }).click();
  await expectToast(page, 'Campaign Updated');

  const saved = (await (await page.request.get(`/api/campaigns/${id}`)).json()) as {
    appointmentHours: { days: string[]; slotMinutes: number; from: string; to: string };
  };
  expect(saved.appointmentHours).toMatchObject({
    days: ['tue', 'thu'],
    slotMinutes: 60,
    from: '09:00',
    to: '17:00',
  });

  // Once launched, the campaign page changes them.
  await markCampaignPaid(id);
  await page.goto(`/campaigns/${id}`);
  const form = page.getByRole('form', { name: 'Appointment hours' });
  await expect(form.getByRole('checkbox', { name: 'Tue' })).toBeChecked(SLOW);
  await form.getByLabel('to', { exact: true }).fill('12:00');
  await form.getByText('15 min', { exact: true }).click();
  await form.getByRole('button', { name: 'Save appointment hours' }).click();
  await expectToast(page, 'Campaign Updated', 'The appointment hours are saved.');
  const changed = (await (await page.request.get(`/api/campaigns/${id}`)).json()) as typeof saved;
  expect(changed.appointmentHours).toMatchObject({ days: ['tue', 'thu'], slotMinutes: 15, to: '12:00' });
});
