import type { ExpandableItem } from '../../../components/public/types';

/** The home page's industries grid: twelve categories, each with four example campaigns. */
export const INDUSTRY_CATEGORIES: readonly ExpandableItem[] = [
  {
    id: 'sales',
    title: 'Sales',
    description:
      'Reach every lead while it is still warm. The agent calls new sign-ups and web inquiries within minutes, asks your qualifying questions and books the good ones straight onto a rep’s calendar.',
    details: [
      'Speed-to-lead calls for new web form inquiries',
      'Qualifying budget, timeline and decision maker',
      'Booking demos and discovery calls',
      'Upsell and cross-sell offers to existing customers',
    ],
  },
  {
    id: 'appointments',
    title: 'Appointments',
    description:
      'Fill your schedule and keep it full. The agent books, confirms and reschedules appointments around the clock, so no-shows drop and your front desk stops playing phone tag.',
    details: [
      'Appointment confirmations the day before',
      'Rescheduling missed or cancelled visits',
      'Booking consultations from inbound calls',
      'Waitlist calls when a slot opens up',
    ],
  },
  {
    id: 'outreach',
    title: 'Outreach',
    description:
      'Deliver a personal message to thousands of people in an afternoon. Every call follows your script, answers follow-up questions and logs how each person responded.',
    details: [
      'Birthday and anniversary greetings',
      'Event invitations and RSVP confirmation',
      'Product launch and promotion announcements',
      'Thank-you calls after a purchase',
    ],
  },
  {
    id: 'research',
    title: 'Research',
    description:
      'Hear from your customers in their own words. The agent runs short, friendly phone surveys, records every answer and hands you the results in your dashboard.',
    details: [
      'Customer satisfaction and NPS surveys',
      'Post-service feedback calls',
      'Market research and product interest polls',
      'Win-back interviews with lapsed customers',
    ],
  },
  {
    id: 'collections',
    title: 'Collections',
    description:
      'Get paid on time without awkward calls. The agent sends polite, consistent payment reminders, explains how to pay and passes anyone who needs an arrangement to your team.',
    details: [
      'Upcoming and past-due payment reminders',
      'Failed card and expired payment method notices',
      'Membership and subscription renewal calls',
      'Promise-to-pay confirmation follow-ups',
    ],
  },
  {
    id: 'healthcare',
    title: 'Healthcare',
    description:
      'Keep patients on schedule and your staff focused on care. The agent handles reminders, recalls and routine questions, and routes anything clinical to a person.',
    details: [
      'Appointment reminders and confirmations',
      'Recall calls for checkups and cleanings',
      'Post-visit follow-up and satisfaction calls',
      'After-hours answering and call routing',
    ],
  },
  {
    id: 'ecommerce',
    title: 'E-commerce',
    description:
      'Turn one-time buyers into repeat customers. The agent follows up on abandoned carts, checks in after delivery and lets your best customers know about offers first.',
    details: [
      'Abandoned cart recovery calls',
      'Order and delivery follow-ups',
      'Review and feedback requests',
      'VIP sale and restock announcements',
    ],
  },
  {
    id: 'realestate',
    title: 'Real Estate',
    description:
      'Work every lead from every portal. The agent calls buyer and seller inquiries the moment they come in, qualifies them and books showings and valuations for your agents.',
    details: [
      'Calling new buyer and seller inquiries',
      'Booking showings and home valuations',
      'Open house invitations and follow-ups',
      'Re-engaging old leads and expired listings',
    ],
  },
  {
    id: 'financial',
    title: 'Financial Services',
    description:
      'Stay in touch with every client, not just the biggest. The agent books reviews, reminds clients of deadlines and qualifies new prospects before an advisor picks up the phone.',
    details: [
      'Annual review and planning meeting booking',
      'Document and deadline reminders',
      'Loan and mortgage lead qualification',
      'Client check-ins after life events',
    ],
  },
  {
    id: 'insurance',
    title: 'Insurance',
    description:
      'Quote more, lose fewer policies. The agent works quote requests, reminds policyholders before renewal and follows up on lapsed payments so coverage stays in force.',
    details: [
      'Quote request follow-ups',
      'Policy renewal reminders',
      'Lapsed payment and reinstatement calls',
      'Cross-selling home, auto and life coverage',
    ],
  },
  {
    id: 'automotive',
    title: 'Automotive',
    description:
      'Keep bays full and showroom leads moving. The agent books service, calls about recalls and follows up with shoppers who asked about a vehicle.',
    details: [
      'Service and maintenance reminders',
      'Recall notifications and booking',
      'Test drive scheduling for internet leads',
      'Lease-end and trade-in outreach',
    ],
  },
  {
    id: 'education',
    title: 'Education',
    description:
      'Guide prospective students from first inquiry to enrollment. The agent answers program questions, books campus visits and reminds students about deadlines.',
    details: [
      'Enrollment inquiry follow-ups',
      'Campus tour and info session booking',
      'Application and payment deadline reminders',
      'Re-enrollment calls to past students',
    ],
  },
];
