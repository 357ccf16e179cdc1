import { useEffect, useState } from 'react';
import { fetchAppConfig } from '../api/appConfig';

/**
 * "Sandbox mode", beside the logo of every layout, while a provider runs on the server's built-in
 * stand-in (a demo deployment, or a machine without provider keys). Nothing while the config loads.
 */
export function SandboxBadge() {
  const [sandbox, setSandbox] = useState(false);
  useEffect(() => {
    let live = true;
    fetchAppConfig().then(
      (config) => live && setSandbox(config.sandbox),
      (err: unknown) => console.error('Could not read the app config', err),
    );
    return () => {
      live = false;
    };
  }, []);
  if (!sandbox) return null;
  return (
    <span
      className="rc-sandbox-badge"
      title="Payments, calls, AI scripts or email run on built-in stand-ins here, not on the real services."
    >
      Sandbox mode
    </span>
  );
}
