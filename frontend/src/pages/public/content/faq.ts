import {
  callCostCents,
  formatCents,
  PHONE_NUMBER_MONTHLY_CENTS,
  TARGETED_LIST_CENTS,
} from '@ringcast/shared-types';
import { ratesSentence, tierBands } from '../../../components/public/priceTiers';
import type { FaqItem } from '../../../components/public/types';
import { MINIMUM_PAYMENT_SENTENCE } from './pricingTiers';

const cost = (calls: number) => formatCents(callCostCents(calls), { dropZeroCents: true });
const [starter, growth] = tierBands();
const numberPrice = `${formatCents(PHONE_NUMBER_MONTHLY_CENTS, { dropZeroCents: true })}/month`;
const listPrice = formatCents(TARGETED_LIST_CENTS, { dropZeroCents: true });

/** The 8 wizard steps, as the campaign-setup answer lists them. */
const SETUP_STEPS = [
  'Select Type: choose what the campaign is for (book appointments, birthday messages, quotes, customer retention, lead follow-up or a goal of your own) and give it a name.',
  `Audience: pick the industry and age range you are calling, then buy a targeted prospect list for ${listPrice} or upload your own list (CSV or Excel) for free.`,
  'Goal: describe in a sentence or two what a successful call achieves.',
  'AI Agent: name your agent, choose a female or male voice and set its tone: professional, friendly, casual, confident or empathetic.',
  'Script: write the greeting, questions, objection handling and voicemail, or let the AI draft each part from your campaign details. Attach documents the agent should know.',
  'Call Volume: choose how many calls to make each month, from 100 to 10,000.',
  `Company Data: list the websites the agent should learn from and choose a phone number: your own Twilio number, or one of ours for ${numberPrice}.`,
  'Payment: review the summary and cost breakdown and pay securely. Our team then builds, tests and launches your agent.',
];

/** The FAQ shown on /pricing: sixteen questions. */
export const PRICING_FAQ: readonly FaqItem[] = [
  {
    id: 'what-is-ringcast',
    question: 'What does Ringcast do?',
    answer:
      'Ringcast automates large volumes of phone calls with AI voice agents. Outbound agents qualify leads, book appointments, send payment and renewal reminders, run surveys and re-engage cold leads. Inbound agents answer your line 24/7, handle common questions and route callers. You set up and pay for a campaign online and follow every result from your dashboard.',
  },
  {
    id: 'campaign-setup',
    question: 'How do I set up a campaign?',
    answer:
      'Sign up with just an email and password, then create a campaign. A guided wizard takes you through eight steps:',
    steps: SETUP_STEPS,
  },
  {
    id: 'human-voice',
    question: 'Do the calls sound like a real person?',
    answer:
      'Yes. Agents speak with natural, human-like voices, with realistic pacing and pauses, and you choose a female or male voice and the tone. They listen and respond to what the person actually says, handling questions and interruptions instead of reading a script word for word.',
  },
  {
    id: 'pricing',
    question: 'How much does it cost?',
    answer: `Pricing is per call and starts at ${starter.rate}. Rates are graduated: ${ratesSentence()} each month. There are no setup fees and no monthly minimum: 100 calls cost ${cost(100)} and 500 calls cost ${cost(500)}. ${MINIMUM_PAYMENT_SENTENCE}`,
  },
  {
    id: 'volume-discounts',
    question: 'How do volume discounts work?',
    answer: `They apply automatically, and each rate covers only the calls inside its tier. For example, 3,000 calls a month cost 2,000 × ${starter.rate} + 1,000 × ${growth.rate} = ${cost(3000)}. 5,000 calls cost ${cost(5000)} and 10,000 calls cost ${cost(10000)}, so the more you call, the lower your average cost per call.`,
  },
  {
    id: 'contract',
    question: 'Is there a contract or a cancellation fee?',
    answer:
      'No. Plans are month-to-month with no cancellation fees, no setup fees and no monthly minimum. Change your call volume or cancel whenever you like.',
  },
  {
    id: 'pause-campaign',
    question: 'Can I pause or stop a campaign?',
    answer:
      'Yes. Once a campaign is paid for, its card on your Campaigns page has Pause and Start buttons: Pause stops the campaign and Start turns it back on. To stop it for good, cancel it from its campaign page: it keeps calling until the end of the billing period you paid for, with no fee, and you can resume it before then.',
  },
  {
    id: 'credit-card',
    question: 'Do I need a credit card to sign up?',
    answer:
      'No. You sign up with just an email and password and can build and save a campaign as a draft for free. No credit card is needed until you launch your first campaign.',
  },
  {
    id: 'phone-number',
    question: 'Can I use my own phone number?',
    answer: `Yes. Connect your own Twilio number by adding your Account SID, Auth Token and phone number in your account settings. Or let us provide a local number in a major US area code for ${numberPrice}.`,
  },
  {
    id: 'prospect-list',
    question: 'Do I need my own list of contacts?',
    answer: `No. Upload your own list as a CSV or Excel file at no charge, or we build a targeted prospect list for your industry and audience for a one-time ${listPrice}.`,
  },
  {
    id: 'compliance',
    question: 'How do you handle Do Not Call compliance?',
    answer:
      'Compliance is part of every campaign. Contacts you upload must be current clients or people checked against the Do Not Call list, and you confirm this before the campaign can launch. Targeted lists we supply are screened against Do Not Call lists, and when someone asks not to be called again the agent ends the call politely and the request is logged.',
  },
  {
    id: 'crm-logging',
    question: 'Are calls logged to my CRM?',
    answer:
      'Not automatically. Each campaign’s results (calls made, successful calls, success rate and cost) are on your dashboard and your Campaigns page, and the Campaigns page exports them as a CSV file that any CRM or spreadsheet can import.',
  },
  {
    id: 'answering-24-7',
    question: 'Can the agent answer inbound calls 24/7?',
    answer:
      'Yes. An inbound agent answers on the first ring, day or night, weekends and holidays included. It answers common questions, finds out why the person is calling and routes the call or takes a message, so no lead ends up in voicemail.',
  },
  {
    id: 'agent-management',
    question: 'Who builds and maintains the AI agent?',
    answer:
      'We do. Our team builds your agent from your campaign details, scripts and documents, tests it before launch and keeps maintaining it afterwards: updating scripts, tuning answers and fixing anything that does not sound right. You can follow each setup step on your campaign card.',
  },
  {
    id: 'not-a-fit',
    question: 'What is Ringcast not a good fit for?',
    answer:
      'Ringcast is built for businesses calling their own leads and customers and answering their own lines. It is not ideal for boiler-room cold calling, emergency services or calls that require heavily regulated disclosures; those need a trained person on the line.',
  },
  {
    id: 'video-demo',
    question: 'Is there a demo I can watch?',
    answer:
      'Ask for a walkthrough on the Contact page and we will show you how a campaign is set up, step by step, before you sign up.',
    demoVideoLink: 'Watch Demo Video',
  },
];

const CUSTOM_INBOUND: FaqItem = {
  id: 'custom-inbound-agents',
  question: 'Can you build a custom inbound agent for my business?',
  answer:
    'Yes. We build inbound agents around your business: trained on your website, documents and FAQs, set up with your routing rules and connected to your phone number. The agent answers 24/7, handles what it can and transfers the caller or takes a message for the rest. Send us a message on the Contact page to plan yours.',
};

/** The /faq page: the pricing FAQ plus custom inbound agents, placed after 24/7 answering. */
export const FULL_FAQ: readonly FaqItem[] = PRICING_FAQ.flatMap((item) =>
  item.id === 'answering-24-7' ? [item, CUSTOM_INBOUND] : [item],
);
