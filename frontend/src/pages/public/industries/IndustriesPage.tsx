import { Link } from 'react-router-dom';
import { CallToAction } from '../../../components/public/CallToAction';
import { ExpandableCards } from '../../../components/public/ExpandableCards';
import { PublicPage } from '../../../components/public/PublicPage';
import { INDUSTRIES } from '../content/industries';
import { INDUSTRIES_META } from '../content/pageMeta';

export function IndustriesPage() {
  return (
    <PublicPage
      meta={INDUSTRIES_META}
      title="Industries"
      subtitle="Ringcast agents make and answer calls for businesses like yours. Open an industry to see the calls they handle."
    >
      <ExpandableCards items={INDUSTRIES} detailsLabel="Calls we handle:" minColumnWidth={280} />
      <p style={{ textAlign: 'center', marginTop: 28, marginBottom: 0, fontSize: 16 }}>
        <Link to="/use-cases" style={{ fontWeight: 600 }}>
          See top use cases
        </Link>
      </p>
      <CallToAction
        title="Don't see your industry?"
        text="If your business runs on phone calls, an AI agent can take the repetitive ones. Start a campaign or tell us what you need."
      />
    </PublicPage>
  );
}
