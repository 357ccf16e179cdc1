import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Spin } from 'antd';
import { UNSUBSCRIBE_INVALID } from '@ringcast/shared-types';
import { requestErrorSentence } from '../../../api/errorPolicy';
import { unsubscribeWithToken } from '../../../api/notificationSettings';
import { PublicPage } from '../../../components/public/PublicPage';

const META = {
  title: 'Unsubscribe | Ringcast',
  description: 'Stop a kind of email from Ringcast.',
};

type State =
  { status: 'working' } | { status: 'done'; message: string } | { status: 'failed'; message: string };

/**
 * Where every non-security email's unsubscribe link lands: the signed token names the account and
 * the kind of mail, so it needs no sign-in; opening it turns that kind off and says so.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ status: 'working' });

  useEffect(() => {
    if (!token) {
      setState({ status: 'failed', message: UNSUBSCRIBE_INVALID });
      return;
    }
    let current = true;
    unsubscribeWithToken(token).then(
      ({ message }) => current && setState({ status: 'done', message }),
      (err: unknown) =>
        current &&
        setState({ status: 'failed', message: requestErrorSentence(err, 'Could not unsubscribe.') }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <PublicPage
      meta={META}
      title="Email settings"
      subtitle="Choose which emails Ringcast sends you."
      paddingBottom={48}
    >
      <div style={{ maxWidth: 560, margin: '0 auto' }} aria-live="polite">
        {state.status === 'working' ? (
          <Spin />
        ) : (
          <Alert
            type={state.status === 'done' ? 'success' : 'error'}
            showIcon
            title={state.status === 'done' ? 'Unsubscribed' : 'Could not unsubscribe'}
            description={
              <>
                {state.message} You can change every email setting under Notifications on your{' '}
                <Link to="/account">account page</Link>.
              </>
            }
          />
        )}
      </div>
    </PublicPage>
  );
}
