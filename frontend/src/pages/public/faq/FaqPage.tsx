import { CallToAction } from '../../../components/public/CallToAction';
import { FaqList } from '../../../components/public/FaqList';
import { PublicPage } from '../../../components/public/PublicPage';
import { FULL_FAQ } from '../content/faq';
import { FAQ_META } from '../content/pageMeta';

export function FaqPage() {
  return (
    <PublicPage
      meta={FAQ_META}
      title="Frequently asked questions"
      subtitle="Everything you need to know about Ringcast AI voice agents, campaigns and pricing."
    >
      <FaqList items={FULL_FAQ} />
      <CallToAction
        title="Ready to automate your calls?"
        text="Sign up in a minute. No credit card needed until your first campaign launches."
      />
    </PublicPage>
  );
}
