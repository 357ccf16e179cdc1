import type { PageMeta } from '../../../components/usePageMeta';

/** Title, description, keywords and canonical link of every public page. */
export const HOME_META: PageMeta = {
  title: 'Ringcast | AI Voice Agents for Outbound and Inbound Calls',
  description:
    'Ringcast automates thousands of phone calls with human-like AI voice agents: lead qualification, appointment reminders, surveys and 24/7 inbound answering. From $0.80 per call, no credit card required.',
  keywords:
    'AI voice agents, AI phone calls, outbound calling, inbound call answering, virtual receptionist, lead qualification, appointment reminders, call automation',
  canonical: '/',
};

export const USE_CASES_META: PageMeta = {
  title: 'Use Cases | Ringcast',
  description:
    'Lead qualification and demo booking, appointment and payment reminders, inbound call routing, surveys, cold lead re-engagement and promotions, all handled by Ringcast AI voice agents.',
  keywords:
    'AI calling use cases, lead qualification calls, appointment reminder calls, AI receptionist, customer survey calls, lead re-engagement',
  canonical: '/use-cases',
};

export const INDUSTRIES_META: PageMeta = {
  title: 'Industries | Ringcast',
  description:
    'AI voice agents for insurance, real estate, home services, medical and dental practices, legal and financial firms, e-commerce, coaching and education, and collections.',
  keywords:
    'AI voice agents for insurance, real estate AI calls, home services answering, dental appointment reminders, collections calls, e-commerce follow-up calls',
  canonical: '/industries',
};

export const PRICING_META: PageMeta = {
  title: 'Pricing | Ringcast',
  description:
    'Pay per call from $0.80, with graduated volume discounts to $0.60 and $0.50. Month-to-month, no setup fees, no monthly minimum. Estimate your monthly cost.',
  keywords: 'AI calling pricing, cost per call, AI voice agent pricing, call campaign cost calculator',
  canonical: '/pricing',
};

export const FAQ_META: PageMeta = {
  title: 'FAQ | Ringcast',
  description:
    'Answers about Ringcast AI voice agents: campaign setup, pricing, phone numbers, Do Not Call compliance, exporting results, 24/7 inbound answering and custom agents.',
  keywords: 'Ringcast FAQ, AI calling questions, Do Not Call compliance, AI voice agent setup',
  canonical: '/faq',
};

export const CONTACT_META: PageMeta = {
  title: 'Contact | Ringcast',
  description:
    "Questions about AI voice agents, pricing or a custom campaign? Send the Ringcast team a message and we'll get back to you within 24 hours.",
  canonical: '/contact',
};
