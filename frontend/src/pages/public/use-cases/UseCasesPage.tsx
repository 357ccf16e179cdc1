import { CallToAction } from '../../../components/public/CallToAction';
import { ExpandableCards } from '../../../components/public/ExpandableCards';
import { PublicPage } from '../../../components/public/PublicPage';
import { USE_CASES_META } from '../content/pageMeta';
import { USE_CASES } from '../content/useCases';

export function UseCasesPage() {
  return (
    <PublicPage
      meta={USE_CASES_META}
      title="Use cases"
      subtitle="The campaigns businesses trust to AI voice agents: calls that book meetings, keep customers and bring old leads back. Open a card to see what the agent does."
    >
      <ExpandableCards items={USE_CASES} detailsLabel="What the agent does:" minColumnWidth={280} />
      <CallToAction
        title="Put your first use case to work."
        text="Sign up with an email and password. No credit card needed until your first campaign launches."
        buttonLabel="Get started today!"
      />
    </PublicPage>
  );
}
