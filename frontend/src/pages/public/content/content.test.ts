import { describe, expect, it } from 'vitest';
import type { ExpandableItem } from '../../../components/public/types';
import { FULL_FAQ, PRICING_FAQ } from './faq';
import { INDUSTRIES } from './industries';
import { INDUSTRY_CATEGORIES } from './industryCategories';
import { HOME_META, PRICING_META } from './pageMeta';
import { PRICING_TIERS } from './pricingTiers';
import { USE_CASES } from './useCases';

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

function expectComplete(items: readonly ExpandableItem[], detailCount?: number) {
  for (const item of items) {
    expect(item.title.length, item.id).toBeGreaterThan(0);
    expect(item.description.length, item.id).toBeGreaterThan(40);
    if (detailCount !== undefined) expect(item.details, item.id).toHaveLength(detailCount);
    else expect(item.details.length, item.id).toBeGreaterThan(0);
  }
}

describe('home industries grid', () => {
  it('lists the twelve categories in order', () => {
    expect(ids(INDUSTRY_CATEGORIES)).toEqual([
      'sales',
      'appointments',
      'outreach',
      'research',
      'collections',
      'healthcare',
      'ecommerce',
      'realestate',
      'financial',
      'insurance',
      'automotive',
      'education',
    ]);
  });

  it('gives each a title, a description and four examples', () => {
    expectComplete(INDUSTRY_CATEGORIES, 4);
  });
});

describe('use cases and industries pages', () => {
  it('has the six use cases', () => {
    expect(ids(USE_CASES)).toEqual([
      'lead-qualification',
      'appointment-reminders',
      'inbound-routing',
      'customer-surveys',
      'lead-reengagement',
      'promos-contests',
    ]);
    expectComplete(USE_CASES);
  });

  it('has the eight industries', () => {
    expect(ids(INDUSTRIES)).toEqual([
      'insurance',
      'real-estate',
      'home-services',
      'medical-dental',
      'legal-financial',
      'ecommerce-dtc',
      'coaching-education',
      'collections-billing',
    ]);
    expectComplete(INDUSTRIES);
  });
});

describe('FAQ', () => {
  it('has 16 items on the pricing page and 17 on the FAQ page', () => {
    expect(PRICING_FAQ).toHaveLength(16);
    expect(FULL_FAQ).toHaveLength(17);
    expect(new Set(ids(FULL_FAQ)).size).toBe(17);
    expect(ids(FULL_FAQ).filter((id) => !ids(PRICING_FAQ).includes(id))).toEqual(['custom-inbound-agents']);
  });

  it('offers the demo video link on the video question only (its address comes from the config)', () => {
    expect(PRICING_FAQ.filter((item) => item.demoVideoLink)).toEqual([
      expect.objectContaining({ id: 'video-demo', demoVideoLink: 'Watch Demo Video' }),
    ]);
  });

  it('promises no CRM connection: results export as CSV', () => {
    const all = [...FULL_FAQ.map((item) => item.answer), ...PRICING_TIERS.flatMap((t) => t.features)].join(
      ' ',
    );
    expect(all).not.toMatch(/connect the agent to your CRM|logged to your CRM/i);
    expect(PRICING_FAQ.find((item) => item.id === 'crm-logging')?.answer).toContain('CSV');
  });

  it('walks through the eight setup steps', () => {
    expect(PRICING_FAQ.find((item) => item.id === 'campaign-setup')?.steps).toHaveLength(8);
  });

  it('states the graduated rates and totals', () => {
    const text = (id: string) => PRICING_FAQ.find((item) => item.id === id)?.answer ?? '';
    expect(text('pricing')).toContain(
      '$0.80 a call for calls 1-2,000, $0.60 for calls 2,001-5,000 and $0.50',
    );
    expect(text('volume-discounts')).toContain('= $2,200');
    expect(text('volume-discounts')).toContain('5,000 calls cost $3,400');
    expect(text('volume-discounts')).toContain('10,000 calls cost $5,900');
    expect(text('phone-number')).toContain('$20/month');
    expect(text('prospect-list')).toContain('$250');
  });

  it('covers the product promises', () => {
    const all = FULL_FAQ.map((item) => [item.answer, ...(item.steps ?? [])].join(' ')).join(' ');
    for (const phrase of [
      'Do Not Call',
      'CRM',
      '24/7',
      'human-like',
      'month-to-month with no cancellation fees, no setup fees and no monthly minimum',
      'No credit card is needed until you launch your first campaign',
      'boiler-room cold calling, emergency services or calls that require heavily regulated disclosures',
    ]) {
      expect(all).toContain(phrase);
    }
  });
});

describe('pricing tiers', () => {
  it('shows Starter, Growth and Scale at the shared rates', () => {
    expect(PRICING_TIERS.map(({ name, range, rate }) => ({ name, range, rate }))).toEqual([
      { name: 'Starter', range: 'Up to 2,000 calls', rate: '$0.80' },
      { name: 'Growth', range: '2,001 - 5,000 calls', rate: '$0.60' },
      { name: 'Scale', range: 'Above 5,000 calls', rate: '$0.50' },
    ]);
  });
});

describe('page meta', () => {
  it('gives the home page its exact title and the site root as canonical', () => {
    expect(HOME_META.title).toBe('Ringcast | AI Voice Agents for Outbound and Inbound Calls');
    expect(HOME_META.canonical).toBe('/');
  });

  it('quotes the advertised rates on the pricing page', () => {
    expect(PRICING_META.description).toMatch(/\$0\.80.*\$0\.60.*\$0\.50/);
  });
});
