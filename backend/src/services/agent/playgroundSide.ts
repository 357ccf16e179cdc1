import {
  BOOKING_TOOL_MESSAGES,
  TRANSFER_TOOL_MESSAGES,
  destinationByLabel,
  isTransferOpen,
  type CallOutcome,
  type PlaygroundToolCall,
  type TransferDestination,
} from '@ringcast/shared-types';
import { dialerNow } from '../calls/shared';
import type { BookingContext } from '../appointments';
import type { AgentSide } from './agentSide';
import { runBookingTool } from './bookingTools';
import {
  bookedWithoutBooking,
  checkAgentToolCall,
  toolDone,
  type EndRequest,
  type ToolResult,
} from './tools';

/**
 * The playground's side of a conversation: the model's tool calls are checked as on a call and it
 * is told the same results, so it goes on as it would on the phone, but nothing acts and no turn
 * is stored. Each call that would change something is noted instead, for the customer to see. A
 * booking campaign's availability is read for real; a booking is checked and answered, not made.
 */
export class PlaygroundSide implements AgentSide {
  outcome: CallOutcome | null = null;
  optedOut = false;
  endRequested: EndRequest | null = null;
  /** What the tools would have done, in order. */
  readonly toolCalls: PlaygroundToolCall[] = [];
  private booked = false;

  constructor(
    readonly logFields: Record<string, unknown>,
    private readonly booking: BookingContext | null = null,
    /** Whom the campaign's agent may transfer to: a transfer is noted, never dialed. */
    private readonly destinations: readonly TransferDestination[] = [],
  ) {}

  get bookings(): boolean {
    return Boolean(this.booking);
  }

  get transferLabels(): string[] {
    return this.destinations.map((d) => d.label);
  }

  async runTool(name: string, argumentsJson: string): Promise<ToolResult> {
    const checked = await checkAgentToolCall(
      name,
      argumentsJson,
      this.bookings,
      this.destinations.length > 0,
    );
    // A refused call changes nothing on a call either: the model is told why and may try again.
    if (!checked.ok) return { ok: false, error: checked.error };
    const { call } = checked;
    if (bookedWithoutBooking(call, this.bookings, this.booked))
      return { ok: false, error: BOOKING_TOOL_MESSAGES.bookFirst };
    switch (call.tool) {
      case 'record_outcome':
        if (call.args.outcome === 'do_not_call') this.noteOptOut(call.tool, { ...call.args });
        else this.note(call.tool, { ...call.args });
        this.outcome = call.args.outcome;
        break;
      case 'add_to_do_not_call':
        this.noteOptOut(call.tool, { ...call.args });
        break;
      case 'end_call':
        this.note(call.tool, { ...call.args });
        this.endRequested = { reason: call.args.reason ?? 'conversation over' };
        break;
      case 'transfer_call': {
        // Checked as on a call (the label, the hours); the conversation then ends as it would.
        const destination = destinationByLabel(this.destinations, call.args.destination);
        if (!destination) {
          const labels = this.destinations.map((d) => d.label).join(', ');
          return { ok: false, error: `${TRANSFER_TOOL_MESSAGES.unknownDestination}: ${labels}` };
        }
        if (!isTransferOpen(destination.hours, dialerNow()))
          return { ok: false, error: TRANSFER_TOOL_MESSAGES.outsideHours };
        this.note(call.tool, { ...call.args, destination: destination.label });
        this.endRequested = { reason: 'transfer', transfer: { destination: destination.label, summary: '' } };
        break;
      }
      case 'check_availability':
      case 'book_appointment': {
        const answer = await runBookingTool(this.booking, call, null);
        if (call.tool === 'book_appointment' && answer.ok) {
          this.note(call.tool, { ...call.args });
          this.booked = true;
          this.outcome = 'appointment_booked';
        }
        return answer;
      }
    }
    return toolDone(call);
  }

  /** The callee's own words asked not to be called: on a call the number would go on the list. */
  async optOut(reason: string): Promise<void> {
    this.noteOptOut('add_to_do_not_call', { reason });
  }

  /** Nothing is stored. */
  async saveTurn(): Promise<void> {}

  private note(name: string, args: Record<string, unknown>): void {
    this.toolCalls.push({ name, arguments: args });
  }

  /** The number would go on the list once, however many times it is asked for (as on a call). */
  private noteOptOut(name: string, args: Record<string, unknown>): void {
    if (!this.optedOut) this.note(name, args);
    this.optedOut = true;
    this.outcome = 'do_not_call';
  }
}
