import { describe, expect, it } from 'vitest';
import { TICKET_STATUSES, type TicketStatus } from '../domain/supportTicket';
import {
  canChangeTicketStatus,
  ticketActionsFor,
  ticketStatusLabel,
  ticketTransitionError,
} from './ticketTransitions';

const ALLOWED: [TicketStatus, TicketStatus][] = [
  ['open', 'in_progress'],
  ['open', 'resolved'],
  ['in_progress', 'in_progress'],
  ['in_progress', 'resolved'],
  ['resolved', 'closed'],
];

describe('ticket transitions', () => {
  it('allows exactly the spec moves', () => {
    for (const from of TICKET_STATUSES) {
      for (const to of TICKET_STATUSES) {
        const expected = ALLOWED.some(([f, t]) => f === from && t === to);
        expect(canChangeTicketStatus(from, to), `${from} -> ${to}`).toBe(expected);
      }
    }
  });

  it('explains a refused move', () => {
    expect(ticketTransitionError('open', 'closed')).toBe('Only a resolved ticket can be closed.');
    expect(ticketTransitionError('resolved', 'in_progress')).toBe(
      'This ticket is resolved; it can only be closed.',
    );
    expect(ticketTransitionError('closed', 'resolved')).toBe(
      'This ticket is closed and can no longer be changed.',
    );
    expect(ticketTransitionError('in_progress', 'open')).toBe('A ticket cannot be moved back to open.');
  });

  it('offers the admin actions for each status', () => {
    const labels = (status: TicketStatus) => ticketActionsFor(status).map((a) => a.label);
    expect(labels('open')).toEqual(['Mark In Progress', 'Mark Resolved']);
    expect(labels('in_progress')).toEqual(['Mark In Progress', 'Mark Resolved']);
    expect(labels('resolved')).toEqual(['Close Ticket']);
    expect(labels('closed')).toEqual([]);
  });

  it('shows underscores as spaces', () => {
    expect(ticketStatusLabel('in_progress')).toBe('in progress');
  });
});
