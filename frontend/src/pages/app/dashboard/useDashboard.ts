import { useCallback, useEffect, useRef, useState } from 'react';
import type { DashboardDays, DashboardStats } from '@ringcast/shared-types';
import { fetchDashboard } from '../../../api/dashboard';
import { onReconnect, subscribe } from '../../../realtime/socket';
import { useFallbackPoll } from '../../../realtime/useFallbackPoll';
import { useAuthStore } from '../../../stores/authStore';

/** Calls can finish in bursts; one read per second of activity is plenty for totals. */
export const DASHBOARD_REFRESH_DEBOUNCE_MS = 1000;

interface DashboardState {
  data: DashboardStats | null;
  /** A read is under way (the first one, or after the period changed). */
  loading: boolean;
  failed: boolean;
}

/**
 * The dashboard for the chosen period, read again when the period changes, when one of the
 * user's campaigns or calls changes (debounced), after a reconnect, and every 5 s while the
 * socket is down.
 */
export function useDashboard(days: DashboardDays): DashboardState {
  const [state, setState] = useState<DashboardState>({ data: null, loading: true, failed: false });
  const userId = useAuthStore((s) => s.user?.id);
  // Only the newest read may write, so a slow answer for the previous period cannot win.
  const latestRead = useRef(0);
  const campaignIds = useRef(new Set<number>());

  const load = useCallback(async () => {
    const read = ++latestRead.current;
    try {
      const data = await fetchDashboard(days);
      if (read !== latestRead.current) return;
      campaignIds.current = new Set(data.campaigns.map((c) => c.id));
      setState({ data, loading: false, failed: false });
    } catch (err) {
      console.error('Could not load the dashboard', err);
      if (read === latestRead.current) setState((s) => ({ ...s, loading: false, failed: !s.data }));
    }
  }, [days]);

  useEffect(() => {
    setState((s) => ({ ...s, loading: true }));
    void load();
  }, [load]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refreshSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void load(), DASHBOARD_REFRESH_DEBOUNCE_MS);
    };
    const isMine = (campaignId: number) => campaignIds.current.has(campaignId);
    const stops = [
      // Admins hear about everyone's campaigns and calls; only the user's own matter here.
      subscribe('campaign:updated', (campaign) => {
        if (campaign.userId === userId) refreshSoon();
      }),
      subscribe('campaign:deleted', ({ id }) => {
        if (isMine(id)) refreshSoon();
      }),
      subscribe('call:updated', (call) => {
        if (isMine(call.campaignId)) refreshSoon();
      }),
      onReconnect(() => void load()),
    ];
    return () => {
      clearTimeout(timer);
      stops.forEach((stop) => stop());
    };
  }, [load, userId]);

  useFallbackPoll(load);
  return state;
}
