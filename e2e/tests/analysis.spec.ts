import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN_TEST_TIMEOUT_MS } from './adminSteps';
import { doTeamSteps, launchDialable, SLOW, waitForNumber } from './dialingSteps';
import {
  expectNoSidewaysScroll,
  expectToast,
  PHONE_VIEWPORT,
  shoot,
  signUp,
  signUpBusiness,
} from './helpers';
import { continueButton, expectErrorToast, stepTitle } from './wizardSteps';

// The sandbox's callee follows the number's last digits (docs/sandboxes.md): 8 names its internet
// provider and its monthly bill, then asks for a call back; 7 asks questions and is interested,
// naming neither. The owner's phone (the test call) ends in 9: interested, talks over the agent.
const PAYER = { name: 'Bea Broadband', phone: '(212) 555-0108' };
const ASKER = { name: 'Quinn Questions', phone: '(212) 555-0107' };
// 29 falls silent 8 s before its second line.
const HESITANT = { name: 'Hal Hesitant', phone: '(212) 555-0129' };
const OWNER_PHONE = '+12125550119';
// A whole conversation, then the analysis job, on a busy machine.
const ANALYSED = { timeout: 120_000 };

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT_MS + 240_000 });

/** The team's steps, the number bought, then the owner's test call: the campaign starts dialing. */
async function startDialing(page: Page, campaignId: number) {
  const admin = await page.context().browser()!.newContext();
  await doTeamSteps(admin.request, campaignId);
  await admin.close();
  await waitForNumber(page.request, campaignId);
  await page.getByRole('button', { name: 'Test call' }).click();
  await expectToast(page, 'Test Call Placed');
}

/**
 * Picks `option` in an antd select: opened, then the option clicked in the list that is open. A
 * list still sliding in (or the last one sliding out) can keep a click from landing: it is tried
 * again, a few seconds at a time, until the select shows the option.
 */
async function choose(page: Page, combobox: Locator, option: string) {
  const select = combobox.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await combobox.click();
    await page
      .locator('.ant-select-dropdown:visible')
      .getByTitle(option, { exact: true })
      .click({ timeout: 3_000 });
    await expect(select).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

/** Fills field `n` (from 1) of the Call analysis form. */
async function fillField(
  form: Locator,
  n: number,
  field: { name: string; description: string; type: string },
) {
  const row = form.getByRole('group', { name: `Field ${n}` });
  await row.getByLabel('Name', { exact: true }).fill(field.name);
  await row.getByLabel('What the model looks for').fill(field.description);
  await choose(form.page(), row.getByRole('combobox', { name: `Field ${n} type` }), field.type);
}

/** The cell of a call log row under the column headed `header`. */
async function cell(log: Locator, row: Locator, header: string) {
  const headers = await log.getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((h) => h.trim() === header);
  expect(index, `a column headed ${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return row.getByRole('cell').nth(index);
}

test('two analysis fields defined on the campaign page fill their call log columns and the drawer, and filter the log', async ({
  page,
}) => {
  await signUpBusiness(page, 'Ana', 'Lytics', OWNER_PHONE);
  const name = `Analysis ${Date.now()}`;
  const id = await launchDialable(
    page,
    name,
    [
      [PAYER.name, PAYER.phone],
      [ASKER.name, ASKER.phone],
      [HESITANT.name, HESITANT.phone],
    ],
    { maxAttempts: 1 },
  );

  // The Call analysis card: a "one of" with one choice is refused at its field, in the schema's words.
  await page.goto(`/campaigns/${id}`);
  const form = page.getByRole('form', { name: 'Call analysis' });
  await expect(form).toContainText('After each answered call, the model fills these fields', SLOW);
  await form.getByRole('button', { name: 'Add field' }).click();
  await fillField(form, 1, {
    name: 'Current provider',
    description: 'The internet provider they use today',
    type: 'One of',
  });
  const choices = form.getByRole('combobox', { name: 'Field 1 choices' });
  await choices.fill('Acme Broadband');
  await choices.press('Enter');
  await form.getByRole('button', { name: 'Save analysis fields' }).click();
  await expect(form.getByRole('group', { name: 'Field 1' })).toContainText(
    'A "one of" field needs 2 to 10 choices',
  );
  await shoot(form, 'analysis-fields-refused');
  // It becomes a text field; the second a number.
  await choose(page, form.getByRole('combobox', { name: 'Field 1 type' }), 'Text');
  await form.getByRole('button', { name: 'Add field' }).click();
  await fillField(form, 2, {
    name: 'Monthly bill',
    description: 'How much they pay a month for their internet, in dollars',
    type: 'Number',
  });
  await form.getByRole('button', { name: 'Save analysis fields' }).click();
  await expectToast(page, 'Campaign Updated', 'The analysis fields are saved.');
  const saved = (await (await page.request.get(`/api/campaigns/${id}`)).json()) as {
    analysisFields: { key: string; type: string }[];
  };
  expect(saved.analysisFields.map((f) => [f.key, f.type])).toEqual([
    ['current_provider', 'text'],
    ['monthly_bill', 'number'],
  ]);
  await shoot(form, 'analysis-fields-card');

  await startDialing(page, id);

  // The log has a column per field, filled once each call is analysed; "—" where nothing was said.
  const log = page.getByRole('region', { name: 'Call log' });
  const payer = log.getByRole('row', { name: new RegExp(PAYER.name) });
  const asker = log.getByRole('row', { name: new RegExp(ASKER.name) });
  await expect(payer.locator('[data-analysis-field="monthly_bill"]')).toHaveText('80', ANALYSED);
  await expect(payer.locator('[data-analysis-field="current_provider"]')).toContainText('Acme Broadband');
  await expect(await cell(log, payer, 'Monthly bill')).toHaveText('80');
  await expect(payer.locator('[data-sentiment]')).toBeVisible();
  await expect(asker.locator('[data-sentiment]')).toBeVisible(ANALYSED);
  await expect(asker.locator('[data-analysis-field="monthly_bill"]')).toHaveText('—');
  await expect(await cell(log, asker, 'Current provider')).toHaveText('—');
  // The columns past the table's width are a sideways scroll away.
  await log.locator('.ant-table-content').evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await shoot(log, 'analysis-call-log');

  // The drawer: each field, the sentiment and the goal, and how the conversation flowed.
  await log.getByRole('button', { name: `Open the call with ${PAYER.name}` }).click();
  const drawer = page.getByRole('dialog', { name: `Call with ${PAYER.name}, ${PAYER.phone}` });
  const analysis = drawer.getByRole('region', { name: 'Analysis' });
  await expect(analysis.getByRole('row', { name: /Monthly bill/ })).toContainText('80');
  await expect(analysis.getByRole('row', { name: /Current provider/ })).toContainText('Acme Broadband');
  await expect(analysis.getByRole('row', { name: /Sentiment/ })).toContainText(/Positive|Neutral|Negative/);
  // Asked for a call back: the goal was not met, and the reason says why.
  await expect(analysis.getByRole('row', { name: /Goal met/ })).toContainText(/^Goal met\s*No — \S.+/);
  const quality = drawer.getByRole('region', { name: 'Conversation quality' });
  await expect(quality.getByRole('row', { name: /Response time/ })).toContainText(
    /\d+(\.\d)? m?s median, \d+(\.\d)? m?s at p95/,
  );
  await expect(quality.getByRole('row', { name: /Response time/ })).toContainText(
    "From the caller's last words to the agent's first",
  );
  await expect(quality.getByRole('row', { name: /Interruptions/ })).toContainText(
    /\d+ by the caller, \d+ by the agent/,
  );
  await expect(quality.getByRole('row', { name: /Silences over 3 s/ })).toContainText(
    /^Silences over 3 s\s*\d+/,
  );
  // The agent's replies carry their response time in the transcript.
  await expect(drawer.locator('.rc-transcript-response').first()).toHaveText(/^\d+(\.\d)? m?s$/);
  await shoot(drawer, 'analysis-call-drawer');
  await shoot(quality, 'analysis-call-quality');
  await shoot(drawer.getByRole('region', { name: 'Transcript' }), 'analysis-call-transcript');
  await drawer.getByRole('button', { name: 'Close' }).click();

  // A long silence is counted, and noted in the transcript where it fell.
  await log.getByRole('button', { name: `Open the call with ${HESITANT.name}` }).click();
  const pauses = page.getByRole('dialog', { name: `Call with ${HESITANT.name}, ${HESITANT.phone}` });
  await expect(
    pauses
      .getByRole('region', { name: 'Conversation quality' })
      .getByRole('row', { name: /Silences over 3 s/ }),
  ).toContainText(/^Silences over 3 s\s*[1-9]/, ANALYSED);
  await expect(pauses.locator('[data-silence-ms]').first()).toHaveText(/^\d+(\.\d)? s silence$/);
  await shoot(pauses.getByRole('region', { name: 'Transcript' }), 'analysis-silence-transcript');
  await pauses.getByRole('button', { name: 'Close' }).click();

  // A filter in the Monthly bill column: at least 50 leaves only the call that named one.
  await log
    .getByRole('columnheader', { name: /Monthly bill/ })
    .locator('.ant-table-filter-trigger')
    .click();
  const filter = page.getByRole('dialog', { name: 'Filter by Monthly bill' });
  await filter.getByLabel('Monthly bill at least').fill('50');
  await shoot(filter, 'analysis-column-filter');
  await filter.getByRole('button', { name: 'Filter' }).click();
  await expect(asker).toHaveCount(0);
  await expect(payer).toBeVisible();
  await expect(log.getByText('1 call', { exact: true })).toBeVisible();
  // The CSV export carries the same filter.
  const csv = page.getByRole('link', { name: 'Export CSV' });
  await expect(csv).toHaveAttribute('href', /analysis\.monthly_bill=50\.\./);
  const exported = await page.request.get((await csv.getAttribute('href'))!);
  expect(exported.status()).toBe(200);
  const text = await exported.text();
  expect(text.split('\n')[0]).toContain('Monthly bill');
  expect(text).toContain(PAYER.name);
  expect(text).not.toContain(ASKER.name);
  await shoot(page.getByRole('region', { name: 'Call log' }), 'analysis-call-log-filtered');

  // The Sentiment filter beside the others: a sentiment the payer's call did not have empties the log.
  const payerSentiment = await payer.locator('[data-sentiment]').getAttribute('data-sentiment');
  const other = payerSentiment === 'negative' ? 'Positive' : 'Negative';
  await choose(page, log.getByRole('combobox', { name: 'Sentiment' }), other);
  await expect(payer).toHaveCount(0);
  await expect(log.getByText('No calls yet.')).toBeVisible();
  await log.getByRole('button', { name: 'Clear filters' }).click();
  await expect(asker).toBeVisible();

  // On a phone the fields stack and the log's new columns scroll inside the table, not the page.
  await page.setViewportSize(PHONE_VIEWPORT);
  await expect(form.getByRole('group', { name: 'Field 2' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shoot(form, 'analysis-fields-card-phone');
  await shoot(log, 'analysis-call-log-phone');
});

test("the wizard's Script step edits the fields to learn from each call, saved with the draft", async ({
  page,
}) => {
  await signUp(page);
  const res = await page.request.post('/api/campaigns', {
    data: {
      type: 'quote',
      name: 'Roof quotes',
      goal: 'Quotes for roofs',
      audienceIndustry: 'real estate',
      audienceAgeRange: '36-45',
      hasProvidedList: false,
      aiAgentName: 'Max',
      aiAgentVoice: 'male',
      aiAgentTone: 'confident',
      scriptAnswering: 'Hello from Max.',
      monthlyCallVolume: 250,
      useProvidedNumber: false,
      companyWebsites: 'https://roofs.example',
      analysisFields: [{ name: 'Roof age', description: 'How old their roof is, in years', type: 'number' }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };

  await page.goto(`/campaigns/create?edit=${id}`);
  await expect(page.getByRole('heading', { name: 'Edit Campaign' })).toBeVisible();
  for (let step = 1; step <= 4; step++) await continueButton(page).click();
  await stepTitle(page, 'Write Call Script');
  const section = page.getByRole('region', { name: 'What to learn from each call' });
  await expect(
    section.getByRole('group', { name: 'Field 1' }).getByLabel('Name', { exact: true }),
  ).toHaveValue('Roof age');
  // A second field without its description: Continue names what is missing, and so does the field once left.
  await section.getByRole('button', { name: 'Add field' }).click();
  const second = section.getByRole('group', { name: 'Field 2' });
  await second.getByLabel('Name', { exact: true }).fill('Wants a visit');
  await choose(page, second.getByRole('combobox', { name: 'Field 2 type' }), 'Yes/no');
  await second.getByLabel('What the model looks for').focus();
  await second.getByLabel('What the model looks for').blur();
  await expect(second).toContainText('Tell the model what to look for');
  await expectErrorToast(
    page,
    'Call Analysis',
    'Tell the model what to look for, such as "the internet provider they use today"',
  );
  await shoot(section, 'analysis-wizard-script-step');
  await second
    .getByLabel('What the model looks for')
    .fill('Whether they want someone to come and look at the roof');
  await expect(second).not.toContainText('Tell the model what to look for');
  for (let step = 5; step <= 7; step++) await continueButton(page).click();
  await stepTitle(page, 'Review and Payment');
  await page.getByRole('button', { name: 'Save as Draft' }).click();
  await expectToast(page, 'Campaign Updated', 'Your campaign has been updated successfully.');
  const saved = (await (await page.request.get(`/api/campaigns/${id}`)).json()) as {
    analysisFields: { key: string; type: string }[];
  };
  expect(saved.analysisFields.map((f) => [f.key, f.type])).toEqual([
    ['roof_age', 'number'],
    ['wants_a_visit', 'yes_no'],
  ]);
});
