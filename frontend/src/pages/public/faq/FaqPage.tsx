import { CallToAction } from '../../../components/public/CallToAction';
import { FaqList } from '../../../components/public/FaqList';
import { SectionHeading } from '../../../components/public/SectionHeading';
import { usePageMeta } from '../../../components/usePageMeta';
import { FULL_FAQ } from '../content/faq';
import { FAQ_META } from '../content/pageMeta';

export function FaqPage() {
  usePageMeta(FAQ_META);

  return (
    <div style={{ paddingTop: 16 }}>
      <SectionHeading
        level={1}
        title="Frequently asked questions"
        subtitle="Everything you need to know about Ringcast AI voice agents, campaigns and pricing."
      />
      <FaqList items={FULL_FAQ} />
      <CallToAction
        title="Ready to automate your calls?"
        text="Sign up in a minute. No credit card needed until your first campaign launches."
      />
    </div>
  );
}
