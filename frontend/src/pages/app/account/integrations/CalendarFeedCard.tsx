import { useEffect, useState } from 'react';
import { Alert, Button, Input, Popconfirm, Space, Spin } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { showRequestError } from '../../../../api/errorPolicy';
import { fetchCalendarFeed, resetCalendarFeed } from '../../../../api/calendar';
import { toast } from '../../../../components/toast/toastStore';

async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link Copied', description: 'Paste it in your calendar app to subscribe.' });
  } catch {
    toast({
      title: 'Could Not Copy',
      description: 'Select the link and copy it by hand.',
      variant: 'destructive',
    });
  }
}

/**
 * /account Integrations → Calendar feed: a private address of every booked appointment, for any
 * calendar app to subscribe to; resetting it gives a new one and the old one stops working.
 */
export function CalendarFeedCard() {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [resetting, setResetting] = useState(false);
  useEffect(() => {
    let live = true;
    fetchCalendarFeed().then(
      (feed) => live && setUrl(feed.url),
      (err: unknown) => {
        console.error('Could not load the calendar feed', err);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const reset = async () => {
    setResetting(true);
    try {
      setUrl((await resetCalendarFeed()).url);
      toast({
        title: 'Link Reset',
        description: 'Subscribe again with the new link; the old one no longer works.',
      });
    } catch (err) {
      showRequestError(err, { title: 'Error', fallback: 'Could not reset the calendar link.' });
    } finally {
      setResetting(false);
    }
  };

  return (
    <section className="rc-integration" aria-label="Calendar feed">
      <h3>Calendar feed</h3>
      <p className="rc-integration-hint">
        Every booked appointment, in your own calendar. Keep this link private: anyone who has it sees your
        appointments.
      </p>
      {failed ? (
        <Alert type="error" showIcon title="Could not load your calendar link." />
      ) : url === null ? (
        <Spin />
      ) : (
        <>
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={url} aria-label="Calendar link" onFocus={(e) => e.target.select()} />
            <Button icon={<CopyOutlined />} onClick={() => void copy(url)}>
              Copy
            </Button>
          </Space.Compact>
          <ul className="rc-integration-steps">
            <li>
              <strong>Google Calendar:</strong> Other calendars → + → From URL, then paste the link.
            </li>
            <li>
              <strong>Outlook:</strong> Add calendar → Subscribe from web, then paste the link.
            </li>
            <li>
              <strong>Apple Calendar:</strong> File → New Calendar Subscription, then paste the link.
            </li>
          </ul>
          <p className="rc-integration-hint">
            Calendar apps refresh subscriptions on their own schedule (Google every few hours), so a new
            booking may take a while to appear there; the dashboard shows it at once.
          </p>
          <Popconfirm
            title="Reset the calendar link?"
            description="The old link stops working: calendars subscribed to it stop updating."
            okText="Reset link"
            onConfirm={() => void reset()}
          >
            <div>
              <Button loading={resetting}>Reset link</Button>
            </div>
          </Popconfirm>
        </>
      )}
    </section>
  );
}
