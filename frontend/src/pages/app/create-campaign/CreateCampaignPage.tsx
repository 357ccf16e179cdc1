import { usePageMeta } from '../../../components/usePageMeta';

export function CreateCampaignPage() {
  usePageMeta({
    title: 'Create Campaign | Ringcast',
    description:
      'Set up a new AI voice call campaign in eight steps: type, audience, goal, agent, script, volume, company data and payment.',
  });

  return (
    <header className="rc-page-header">
      <h1 className="rc-page-title">Create Campaign</h1>
    </header>
  );
}
