import type { ExpandableItem } from '../../../components/public/types';

/** The /industries page: eight segments Ringcast agents work in every day. */
export const INDUSTRIES: readonly ExpandableItem[] = [
  {
    id: 'insurance',
    title: 'Insurance',
    description:
      'Agencies use Ringcast to follow up on every quote request, keep policyholders from lapsing and stay in touch at renewal time without adding staff.',
    details: [
      'Quote request follow-up within minutes',
      'Renewal reminders ahead of every policy’s due date',
      'Lapsed payment and reinstatement calls',
      'Cross-sell calls for home, auto and life policies',
    ],
  },
  {
    id: 'real-estate',
    title: 'Real estate',
    description:
      'Agents and brokerages call every portal and sign-call lead the moment it arrives, qualify buyers and sellers, and fill their calendars with showings and listing appointments.',
    details: [
      'Instant calls to new buyer and seller leads',
      'Showing and home valuation booking',
      'Open house invitations and follow-ups',
      'Re-engaging expired listings and old leads',
    ],
  },
  {
    id: 'home-services',
    title: 'Home services',
    description:
      'HVAC, plumbing, roofing, cleaning and landscaping companies answer every call, book jobs into open slots and bring back past customers for seasonal work.',
    details: [
      '24/7 answering so no job goes to a competitor',
      'Estimate and service appointment booking',
      'Seasonal maintenance and tune-up reminders',
      'Follow-up on open estimates and quotes',
    ],
  },
  {
    id: 'medical-dental',
    title: 'Medical & dental',
    description:
      'Practices cut no-shows and free up the front desk. The agent confirms appointments, runs recall campaigns and answers routine questions, and passes anything clinical to your staff.',
    details: [
      'Appointment confirmations and rescheduling',
      'Recall calls for checkups, cleanings and follow-ups',
      'After-hours answering with routing to the on-call line',
      'Post-visit satisfaction and review calls',
    ],
  },
  {
    id: 'legal-financial',
    title: 'Legal & financial',
    description:
      'Law firms, accountants and advisors respond to every inquiry, run a consistent intake and remind clients about documents and deadlines, leaving advice to the professionals.',
    details: [
      'New inquiry intake and consultation booking',
      'Document and deadline reminders, such as tax season',
      'Annual review and planning meeting scheduling',
      'Client check-ins and referral requests',
    ],
  },
  {
    id: 'ecommerce-dtc',
    title: 'E-commerce & DTC',
    description:
      'Online brands add a human-sounding voice to the customer journey: recovering carts, checking in after delivery and winning back customers who have not ordered in a while.',
    details: [
      'Abandoned cart and checkout recovery calls',
      'Post-delivery check-ins and review requests',
      'Subscription renewal and win-back offers',
      'VIP launch and restock announcements',
    ],
  },
  {
    id: 'coaching-education',
    title: 'Coaching & education',
    description:
      'Coaches, course creators and schools turn inquiries into enrollments. The agent answers program questions, books discovery calls and keeps students on track with reminders.',
    details: [
      'Discovery call and info session booking',
      'Follow-up with webinar and event registrants',
      'Enrollment and payment deadline reminders',
      'Re-enrollment calls to past students and clients',
    ],
  },
  {
    id: 'collections-billing',
    title: 'Collections & billing',
    description:
      'Businesses recover more revenue with courteous, consistent reminder calls. The agent explains what is due and how to pay, and hands anyone who needs a payment plan to your team.',
    details: [
      'Upcoming and past-due payment reminders',
      'Failed card and expired payment method notices',
      'Promise-to-pay confirmations and follow-ups',
      'Warm handoff to your billing team for payment plans',
    ],
  },
];
