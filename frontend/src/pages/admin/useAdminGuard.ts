import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { adminRefusalFor, adminRefusalToast } from '@ringcast/shared-types';
import { fetchAppConfig } from '../../api/appConfig';
import { toast } from '../../components/toast/toastStore';
import { useAuthStore } from '../../stores/authStore';

export type AdminAccess = { allowed: true } | ({ allowed: false } & ReturnType<typeof adminRefusalToast>);

/** Spec §6: the refused visitor is sent to / this long after the toast. */
export const ADMIN_REDIRECT_MS = 500;

// The deployment's admin domain does not change while the page is open: read it once.
let domainRequest: Promise<string> | null = null;
function loadAdminDomain(): Promise<string> {
  domainRequest ??= fetchAppConfig().then(
    (config) => config.adminEmailDomain,
    (err) => {
      domainRequest = null;
      console.error('Could not read the app config', err);
      // The server checks every admin call anyway; the site's own host names the domain meanwhile.
      return window.location.hostname;
    },
  );
  return domainRequest;
}

/** Spec §6: /admin needs isAdmin and an email in the admin domain, checked by the shared rule. */
function adminAccessFor(user: { isAdmin: boolean; email: string } | null, domain: string): AdminAccess {
  const refusal = adminRefusalFor(user, domain);
  return refusal ? { allowed: false, ...adminRefusalToast(refusal, domain) } : { allowed: true };
}

/**
 * The /admin guard: null while the admin domain loads, then whether the signed-in user may see
 * the page. A refused user gets the spec's destructive toast and goes to / after 0.5 s.
 */
export function useAdminGuard(): AdminAccess | null {
  const user = useAuthStore((s) => s.user);
  const navigate = useNavigate();
  const [domain, setDomain] = useState<string | null>(null);
  const warned = useRef(false);

  useEffect(() => {
    let live = true;
    void loadAdminDomain().then((d) => live && setDomain(d));
    return () => {
      live = false;
    };
  }, []);

  const access = domain === null ? null : adminAccessFor(user, domain);
  const refusal = access && !access.allowed ? access : null;
  const title = refusal?.title;
  const description = refusal?.description;

  useEffect(() => {
    if (!title) return;
    if (!warned.current) {
      warned.current = true;
      toast({ title, description, variant: 'destructive' });
    }
    const timer = setTimeout(() => navigate('/', { replace: true }), ADMIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [title, description, navigate]);

  return access;
}
