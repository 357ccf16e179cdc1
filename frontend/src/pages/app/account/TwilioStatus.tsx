import { useEffect, useState } from 'react';
import { Spin, Tag } from 'antd';
import { formatPhone, type TwilioConnection } from '@ringcast/shared-types';
import { fetchTwilioConnection } from '../../../api/profile';

const STATUS_STYLE = { margin: '0 0 16px' };

type Check = { state: 'checking' } | { state: 'done'; connection: TwilioConnection } | { state: 'error' };

/**
 * Whether the saved Twilio credentials work, checked with Twilio each time the section opens and
 * after each save (the form and this line are mounted again then).
 */
export function TwilioStatus() {
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  useEffect(() => {
    let current = true;
    fetchTwilioConnection()
      .then((connection) => current && setCheck({ state: 'done', connection }))
      .catch(() => current && setCheck({ state: 'error' }));
    return () => {
      current = false;
    };
  }, []);

  if (check.state === 'checking')
    return (
      <p style={STATUS_STYLE} role="status">
        <Spin size="small" /> Checking your Twilio settings…
      </p>
    );
  if (check.state === 'error' || check.connection.status === 'not_configured') return null;
  const { connection } = check;
  return (
    <p style={STATUS_STYLE} role="status" aria-label="Twilio connection">
      {connection.status === 'connected' ? (
        <>
          <Tag color="success">Connected</Tag> Calls can come from {formatPhone(connection.phoneNumber)}.
        </>
      ) : (
        <>
          <Tag color="error">Not connected</Tag> {connection.message}
        </>
      )}
    </p>
  );
}
