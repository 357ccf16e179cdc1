import { onReconnect, subscribe } from '../socket';
import {
  receiveAppointment,
  useCampaignAppointmentsStore,
  useUpcomingAppointmentsStore,
} from '../../stores/appointmentsStore';

/** Appointments as the agent books them and as they are canceled (here or in the calendar). */
export const appointmentHandlers = () => [
  subscribe('appointment:updated', receiveAppointment),
  onReconnect(() => {
    void useCampaignAppointmentsStore.getState().refresh();
    void useUpcomingAppointmentsStore.getState().refresh();
  }),
];
