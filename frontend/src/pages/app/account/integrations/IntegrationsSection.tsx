import { WebhooksCard } from '../webhooks/WebhooksCard';
import { CalcomCard } from './CalcomCard';
import { CalendarFeedCard } from './CalendarFeedCard';
import './integrations.css';

/** /account Integrations: where Ringcast's results go besides its own screens. */
export function IntegrationsSection() {
  return (
    <div className="rc-integrations">
      <CalcomCard />
      <CalendarFeedCard />
      <WebhooksCard />
    </div>
  );
}
