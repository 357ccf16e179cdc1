/** The three highlight cards under the hero. */
export const HIGHLIGHTS = [
  {
    value: '24/7',
    title: 'Always on',
    text: 'Your agents dial and answer around the clock: nights, weekends and holidays, with no overtime.',
  },
  {
    value: '0 drama',
    title: 'Always on script',
    text: 'No sick days, no turnover, no bad moods. Every call follows your script and your brand voice.',
  },
  {
    value: '80% cheaper',
    title: 'Than a call center',
    text: 'Pay per call from $0.80, with no salaries, no training and no setup fees.',
  },
] as const;

export type FeatureIcon = 'agent' | 'retention' | 'leads';

/** The 'Built for intelligent calling' trio. */
export const FEATURES: readonly { icon: FeatureIcon; title: string; text: string }[] = [
  {
    icon: 'agent',
    title: 'Customizable AI agents',
    text: 'Choose the voice, tone, goal and script. Our team builds, tests and maintains your agent, and it sounds like a real member of your staff.',
  },
  {
    icon: 'retention',
    title: 'Client retention',
    text: 'Reminders, renewals, check-ins and surveys at scale, so every customer hears from you before they think about leaving.',
  },
  {
    icon: 'leads',
    title: 'Lead generation',
    text: 'Call every new and old lead in minutes, qualify them with your questions and book the best ones straight into your calendar.',
  },
];
