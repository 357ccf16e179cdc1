import type { ExpandableItem } from '../../../components/public/types';

/** The /use-cases page: the six campaigns businesses run most. */
export const USE_CASES: readonly ExpandableItem[] = [
  {
    id: 'lead-qualification',
    title: 'Lead qualification & demo booking',
    description:
      'The agent calls each new lead, asks your qualifying questions in a natural conversation and books a time on your calendar when the lead is a fit. Your reps spend their day in demos, not dialing.',
    details: [
      'Calls new leads within minutes of a form fill or list upload',
      'Asks your questions: budget, timeline, needs, decision maker',
      'Handles common objections with the rebuttals you approve',
      'Books qualified leads into an open calendar slot',
    ],
  },
  {
    id: 'appointment-reminders',
    title: 'Appointment, payment & renewal reminders',
    description:
      'Friendly reminder calls that people actually listen to. The agent confirms appointments, reminds customers of payments due and renewals coming up, and reschedules on the spot when a time no longer works.',
    details: [
      'Confirms or reschedules appointments the day before',
      'Reminds customers of upcoming and past-due payments',
      'Calls ahead of policy, membership and subscription renewals',
      'Leaves a clear voicemail when nobody answers',
    ],
  },
  {
    id: 'inbound-routing',
    title: 'Inbound answering & call routing',
    description:
      'A virtual receptionist that answers every call, 24/7. It answers frequently asked questions from your website and documents, finds out why the person is calling and routes the call to the right person or takes a message.',
    details: [
      'Answers on the first ring, nights, weekends and holidays included',
      'Handles FAQs: hours, pricing, locations, services',
      'Identifies the reason for the call and triages urgent requests',
      'Transfers to the right team or takes a detailed message',
    ],
  },
  {
    id: 'customer-surveys',
    title: 'Customer surveys & follow-ups',
    description:
      'Collect feedback from hundreds of customers in a day. The agent runs short phone surveys and post-service check-ins, records every answer and flags unhappy customers so your team can step in.',
    details: [
      'Satisfaction and NPS surveys after a purchase or visit',
      'Follow-up calls after service, delivery or installation',
      'Review requests for happy customers',
      'Flags complaints for a same-day call back from your team',
    ],
  },
  {
    id: 'lead-reengagement',
    title: 'Cold lead re-engagement',
    description:
      'Your CRM is full of people who once said "not right now." The agent calls old and stalled leads, finds out what has changed and hands you the ones ready to talk again.',
    details: [
      'Works through aged leads and old quotes at scale',
      'Asks whether needs, budget or timing have changed',
      'Books a call with your team when interest is back',
      'Updates each lead’s status so your list stays clean',
    ],
  },
  {
    id: 'promos-contests',
    title: 'Promos & contests',
    description:
      'Announce a sale, a new product or a contest with a personal call instead of another email. The agent explains the offer, answers questions and tells you who is interested.',
    details: [
      'Limited-time sale and new product announcements',
      'Contest entry, winner and prize notifications',
      'Event and grand-opening invitations',
      'Loyalty rewards and exclusive offers for top customers',
    ],
  },
];
