import { useState } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import type { CallRecording } from '@ringcast/shared-types';
import { deleteCallRecording, recordingDownloadPath } from '../../api/calls';
import { showRequestError } from '../../api/errorPolicy';
import { useCallDrawerStore } from '../../stores/callDrawerStore';
import { toast } from '../toast/toastStore';
import { formatCallDuration } from './callFormat';

/**
 * A call's recording: the browser's own player on our api's URL (same origin, so the session
 * cookie goes with it, and seeking works because the api answers Range requests), a download, and
 * Delete. The call's push (or, in an admin's tab, which hears no call pushes, the read that
 * follows) drops the player once it is gone.
 */
export function CallRecordingPlayer({
  callId,
  recording,
  party,
}: {
  callId: number;
  recording: CallRecording;
  party: string;
}) {
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteCallRecording(callId);
      toast({ title: 'Recording Deleted', description: 'The recording is gone, here and at Twilio.' });
      await useCallDrawerStore.getState().refresh();
    } catch (err) {
      showRequestError(err, { title: 'Error', fallback: 'Could not delete the recording.' });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <section className="rc-call-drawer-section" aria-labelledby="rc-call-drawer-recording">
      <h3 id="rc-call-drawer-recording">Recording</h3>
      <p className="rc-call-drawer-muted">
        {formatCallDuration(recording.durationSeconds)}
        {recording.channels === 2 && ', the prospect and the agent each in a channel'}
      </p>
      <audio
        className="rc-call-recording"
        controls
        preload="metadata"
        src={recording.url}
        aria-label={`Recording of the call with ${party}`}
      />
      <Space wrap>
        <Button href={recordingDownloadPath(recording.url)} icon={<DownloadOutlined />}>
          Download
        </Button>
        <Popconfirm
          title="Delete this recording?"
          description="It is deleted here and at Twilio, for good."
          okText="Delete recording"
          okButtonProps={{ danger: true }}
          cancelText="Keep it"
          onConfirm={() => void remove()}
        >
          <Button danger icon={<DeleteOutlined />} loading={deleting}>
            Delete
          </Button>
        </Popconfirm>
      </Space>
    </section>
  );
}
