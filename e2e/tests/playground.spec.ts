import { expect, test, type Locator, type Page } from '@playwright/test';
import { shoot, signUpBusiness } from './helpers';

const OPENING = 'Hi, this is Ava, an AI assistant calling on behalf of Bright Homes.';
const DRAFT = {
  name: 'Roof checks',
  type: 'quote',
  goal: 'Offer a free roof check before winter.',
  aiAgentName: 'Ava',
  scriptAnswering: `${OPENING} Do you have a minute?`,
  scriptQuestions: 'When was your roof last checked?',
};

async function draftWithScripts(page: Page, fields: object = {}) {
  await signUpBusiness(page, 'Pat', 'Player', '(212) 555-0190');
  const res = await page.request.post('/api/campaigns', { data: { ...DRAFT, ...fields } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

// Sign-up, a draft and three model turns on a machine the api, worker and browser share.
test.describe.configure({ timeout: 60_000 });

const panelOf = (page: Page) => page.getByRole('region', { name: 'Try the agent' });
const chatOf = (panel: Locator) => panel.getByRole('log', { name: 'Conversation with Ava' });

async function say(panel: Locator, words: string) {
  await panel.getByRole('textbox', { name: 'What the callee says' }).fill(words);
  await panel.getByRole('button', { name: 'Send' }).click();
}

test('the campaign page tries the agent: its opening, a reply, and a do-not-call request shown, not done', async ({
  page,
}) => {
  const id = await draftWithScripts(page);
  await page.goto(`/campaigns/${id}`);
  const panel = panelOf(page);
  await panel.getByRole('button', { name: 'Start the conversation' }).click();
  const chat = chatOf(panel);
  await expect(chat.getByRole('listitem').first()).toContainText(OPENING);

  await say(panel, 'What is this about?');
  await expect(chat.getByRole('listitem')).toHaveCount(3);
  await expect(chat.getByRole('listitem').nth(1)).toContainText('What is this about?');

  await say(panel, 'Please take me off your list.');
  const notes = panel.getByRole('list', { name: 'What the agent would do on a call' });
  await expect(notes).toContainText("Would add this person's number to your do-not-call list");
  await expect(notes).toContainText('Would end the call');
  await expect(panel.getByRole('status')).toHaveText('Ava would hang up here. Restart to try again.');
  await expect(panel.getByRole('textbox', { name: 'What the callee says' })).toHaveCount(0);
  await shoot(panel, 'playground-campaign');

  const list = await page.request.get('/api/do-not-call');
  expect(list.headers()['x-total-count']).toBe('0');
  const calls = await page.request.get(`/api/campaigns/${id}/calls`);
  expect(calls.headers()['x-total-count']).toBe('0');

  await panel.getByRole('button', { name: 'Restart the conversation' }).click();
  await expect(panel.getByRole('button', { name: 'Start the conversation' })).toBeVisible();
});

test("the wizard's Script step tries the agent with the script as typed, saved first", async ({ page }) => {
  const id = await draftWithScripts(page);
  await page.goto(`/campaigns/create?edit=${id}&step=5`);
  await expect(page.getByRole('heading', { name: 'Write Call Script', level: 2 })).toBeVisible();
  const opening = page.getByRole('textbox', { name: /Answering/ });
  await opening.fill('');
  const panel = panelOf(page);
  const start = panel.getByRole('button', { name: 'Start the conversation' });
  await expect(start).toBeDisabled();
  await expect(panel).toContainText('Write the answering script');

  await opening.fill('Hello, this is Ava, an AI assistant for Bright Homes, with a quick question.');
  await start.click();
  await expect(chatOf(panel).getByRole('listitem').first()).toContainText(
    'Hello, this is Ava, an AI assistant for Bright Homes, with a quick question.',
  );
  await say(panel, 'Who is calling?');
  await expect(chatOf(panel).getByRole('listitem')).toHaveCount(3);
  await shoot(panel, 'playground-wizard');
});

test('a new campaign in the wizard is saved as a draft when its agent is tried', async ({ page }) => {
  await signUpBusiness(page, 'Nia', 'New', '(212) 555-0191');
  // The wizard's own stored state (sessionStorage), at the Script step of a campaign not saved yet.
  await page.evaluate((draft) => {
    const state = { step: 5, draft, editingId: null, documentNames: {} };
    // This runs in the browser; the e2e project is compiled without the DOM's types.
    const { sessionStorage } = globalThis as unknown as {
      sessionStorage: { setItem: (key: string, value: string) => void };
    };
    sessionStorage.setItem('ringcast-campaign-wizard', JSON.stringify({ state, version: 1 }));
  }, DRAFT);
  await page.goto('/campaigns/create');
  await expect(page.getByRole('heading', { name: 'Create Campaign', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Write Call Script', level: 2 })).toBeVisible();

  const panel = panelOf(page);
  await expect(panel).toContainText('Starting saves this campaign as a draft');
  await panel.getByRole('button', { name: 'Start the conversation' }).click();
  // Reopened as the draft it now is, at the same step, where the conversation starts.
  await expect(page).toHaveURL(/\/campaigns\/create\?edit=\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit Campaign', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Write Call Script', level: 2 })).toBeVisible();
  await expect(chatOf(panel).getByRole('listitem').first()).toContainText(OPENING);
  await expect(panel).not.toContainText('Starting saves this campaign as a draft');
  const id = Number(new URL(page.url()).searchParams.get('edit'));
  const campaigns = (await (await page.request.get('/api/campaigns')).json()) as {
    id: number;
    status: string;
  }[];
  expect(campaigns.find((c) => c.id === id)?.status).toBe('draft');
});
