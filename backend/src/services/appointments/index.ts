/**
 * Appointments the agent books on calls: free slots from the campaign's hours or the owner's
 * connected calendar, bookings guarded by a unique held slot, cancels, lists and their pushes.
 * Front door of services/appointments.
 */
export { appointmentHoursOf, defaultAppointmentHours, ownerTimeZone } from './hours';
export { booksAppointments, loadBookingContext, type BookingContext } from './context';
export { freeSlotStarts, offerSlots, type SlotOffer } from './availability';
export { bookSlot, type BookingCall, type BookingRequest, type BookingResult } from './book';
export { cancelAppointment, type AppointmentActor } from './cancel';
export { listAppointments } from './list';
export { announceAppointment, shownAppointment } from './announce';
