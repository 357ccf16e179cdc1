import { theme, Typography } from 'antd';
import { CostCalculator } from '../../../components/public/CostCalculator';
import { FaqList } from '../../../components/public/FaqList';
import { ratesSentence } from '../../../components/public/priceTiers';
import { PublicPage } from '../../../components/public/PublicPage';
import { SectionHeading } from '../../../components/public/SectionHeading';
import { PRICING_FAQ } from '../content/faq';
import { PRICING_META } from '../content/pageMeta';
import { MINIMUM_PAYMENT_SENTENCE, PRICING_TERMS } from '../content/pricingTiers';
import { PriceTiers } from './PriceTiers';

export function PricingPage() {
  const { token } = theme.useToken();

  return (
    <PublicPage
      meta={PRICING_META}
      title="Pricing"
      subtitle="Pay per call. The more you call, the less each call costs."
    >
      <PriceTiers />
      <Typography.Paragraph
        type="secondary"
        style={{ textAlign: 'center', margin: '20px auto 0', maxWidth: 680 }}
      >
        Volume discounts are graduated: each tier's rate applies to the calls within it, so you pay{' '}
        {ratesSentence()}. {MINIMUM_PAYMENT_SENTENCE}
      </Typography.Paragraph>
      <ul
        aria-label="Included on every plan"
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'center',
          gap: '8px 24px',
          listStyle: 'none',
          padding: 0,
          margin: '20px 0 0',
          color: token.colorTextSecondary,
        }}
      >
        {PRICING_TERMS.map((term) => (
          <li key={term}>✓ {term}</li>
        ))}
      </ul>

      <section style={{ padding: '56px 0 0' }} aria-labelledby="pricing-calculator-title">
        <SectionHeading
          id="pricing-calculator-title"
          title="Estimate your monthly cost"
          subtitle="Enter your monthly call volume or drag the slider."
        />
        <CostCalculator />
      </section>

      <section style={{ padding: '56px 0' }} aria-labelledby="pricing-faq-title">
        <SectionHeading id="pricing-faq-title" title="Frequently asked questions" />
        <FaqList items={PRICING_FAQ} />
      </section>
    </PublicPage>
  );
}
