import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Appointment, User } from '@ringcast/shared-types';

const api = vi.hoisted(() => ({ fetchAppointments: vi.fn(), cancelAppointment: vi.fn() }));
vi.mock('../api/appointments', () => api);

const {
  cancelAppointmentEverywhere,
  receiveAppointment,
  upcomingAppointmentsView,
  useCampaignAppointmentsStore,
  useUpcomingAppointmentsStore,
} = await import('./appointmentsStore');
const { useAuthStore } = await import('./authStore');

const now = Date.parse('2026-12-07T12:00:00.000Z');
const appointment = (id: number, over: Partial<Appointment> = {}) =>
  ({
    id,
    userId: 1,
    campaignId: 7,
    startsAt: '2026-12-08T15:00:00.000Z',
    status: 'booked',
    updatedAt: '2026-12-07T11:00:00.000Z',
    ...over,
  }) as Appointment;

describe('the upcoming appointments view', () => {
  beforeEach(() => useAuthStore.setState({ user: { id: 1 } as User, status: 'authenticated' }));

  it("reads the next 14 days' booked ones and shows only the user's own inside that window", async () => {
    const view = upcomingAppointmentsView(now);
    api.fetchAppointments.mockResolvedValue([]);
    await view.read();
    expect(api.fetchAppointments).toHaveBeenLastCalledWith({
      from: '2026-12-07T12:00:00.000Z',
      to: '2026-12-21T12:00:00.000Z',
      status: 'booked',
    });
    expect(view.belongs(appointment(1))).toBe(true);
    expect(view.belongs(appointment(1, { userId: 2 }))).toBe(false);
    expect(view.belongs(appointment(1, { status: 'canceled' }))).toBe(false);
    expect(view.belongs(appointment(1, { startsAt: '2026-12-07T11:59:00.000Z' }))).toBe(false);
    expect(view.belongs(appointment(1, { startsAt: '2026-12-21T12:00:00.000Z' }))).toBe(false);
  });
});

describe('the appointment stores', () => {
  const answered = () => vi.advanceTimersByTimeAsync(0);
  const hides: (() => void)[] = [];

  beforeEach(() => {
    vi.useFakeTimers({ now, toFake: ['setTimeout', 'Date'] });
    useAuthStore.setState({ user: { id: 1 } as User, status: 'authenticated' });
    api.fetchAppointments.mockReset().mockResolvedValue([appointment(1)]);
  });
  afterEach(() => {
    hides.splice(0).forEach((hide) => hide());
    vi.useRealTimers();
  });

  it('a cancel here leaves the dashboard and marks the campaign card, whichever comes first', async () => {
    hides.push(useUpcomingAppointmentsStore.getState().show('upcoming', () => upcomingAppointmentsView()));
    hides.push(
      useCampaignAppointmentsStore.getState().show('campaign:7', () => ({
        read: () => api.fetchAppointments({ campaignId: 7 }),
        belongs: (a: Appointment) => a.campaignId === 7,
      })),
    );
    await answered();
    expect(useUpcomingAppointmentsStore.getState().items).toHaveLength(1);

    const canceled = appointment(1, { status: 'canceled', updatedAt: '2026-12-07T11:30:00.000Z' });
    api.cancelAppointment.mockResolvedValue(canceled);
    await cancelAppointmentEverywhere(1);
    // The push of the booking, late, changes nothing.
    receiveAppointment(appointment(1));
    expect(useUpcomingAppointmentsStore.getState().items).toEqual([]);
    expect(useCampaignAppointmentsStore.getState().items).toEqual([canceled]);
  });

  it("keeps another owner's booking (an admin hears them all) off the dashboard", async () => {
    hides.push(useUpcomingAppointmentsStore.getState().show('upcoming', () => upcomingAppointmentsView()));
    await answered();
    receiveAppointment(appointment(2, { userId: 2 }));
    receiveAppointment(appointment(3, { startsAt: '2026-12-07T18:00:00.000Z' }));
    expect(useUpcomingAppointmentsStore.getState().items.map((a) => a.id)).toEqual([3, 1]);
  });
});
