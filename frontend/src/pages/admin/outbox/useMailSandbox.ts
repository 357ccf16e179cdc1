import { useEffect, useState } from 'react';
import { fetchAppConfig } from '../../../api/appConfig';

/** Whether mail is caught by the mail sandbox (no real mail server): the Outbox tab shows only then. */
export function useMailSandbox(): boolean {
  const [mailSandbox, setMailSandbox] = useState(false);
  useEffect(() => {
    let live = true;
    fetchAppConfig().then(
      (config) => live && setMailSandbox(config.mailSandbox),
      (err: unknown) => console.error('Could not read the app config', err),
    );
    return () => {
      live = false;
    };
  }, []);
  return mailSandbox;
}
