import { Link } from 'react-router-dom';
import { SIGN_UP_PATH } from '../../../components/authLinks';
import { CostCalculator } from '../../../components/public/CostCalculator';
import { ExpandableCards } from '../../../components/public/ExpandableCards';
import { LinkButton } from '../../../components/public/LinkButton';
import { Reveal } from '../../../components/public/Reveal';
import { SectionHeading } from '../../../components/public/SectionHeading';
import { Paragraph, Title } from '../../../components/public/Typography';
import { usePageMeta } from '../../../components/usePageMeta';
import { INDUSTRY_CATEGORIES } from '../content/industryCategories';
import { HOME_META } from '../content/pageMeta';
import { FeaturesSection } from './FeaturesSection';
import { HeroSection } from './HeroSection';
import { HighlightsSection } from './HighlightsSection';

export function HomePage() {
  usePageMeta(HOME_META);

  return (
    <>
      <HeroSection />
      <HighlightsSection />
      <FeaturesSection />

      <Reveal id="industries-section" aria-labelledby="home-industries-title">
        <SectionHeading
          id="home-industries-title"
          title="Every industry. Every use case."
          subtitle="From first contact to renewal, Ringcast agents handle the calls your team never has time for. Pick a category to see what they do."
        />
        <ExpandableCards items={INDUSTRY_CATEGORIES} detailsLabel="Use Cases:" minColumnWidth={240} />
        <p style={{ textAlign: 'center', marginTop: 28, marginBottom: 0, fontSize: 16 }}>
          <Link to="/use-cases" style={{ fontWeight: 600 }}>
            Top use cases
          </Link>
        </p>
      </Reveal>

      <Reveal id="pricing-section" aria-labelledby="home-pricing-title">
        <SectionHeading
          id="home-pricing-title"
          title="Simple pricing that gets cheaper as you grow"
          subtitle="Pay per call, month to month. Volume discounts apply automatically."
        />
        <CostCalculator />
      </Reveal>

      <Reveal aria-labelledby="home-cta-title" style={{ textAlign: 'center', paddingBottom: 80 }}>
        <Title id="home-cta-title" level={2}>
          Start your first campaign.
        </Title>
        <Paragraph type="secondary" style={{ fontSize: 17, marginBottom: 28 }}>
          Set it up in eight guided steps. No credit card needed until your first campaign launches.
        </Paragraph>
        <LinkButton to={SIGN_UP_PATH} size="large">
          Get started
        </LinkButton>
      </Reveal>
    </>
  );
}
