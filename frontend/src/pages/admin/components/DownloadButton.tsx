import { useState } from 'react';
import { Button, Popconfirm } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { DOWNLOAD_MESSAGES, type DownloadKind } from '@ringcast/shared-types';
import { downloadAdminFile } from './downloadFile';

interface DownloadButtonProps {
  kind: DownloadKind;
  storedName: string;
  /** What the file is called on screen, for the button's accessible name. */
  label: string;
}

/**
 * A Download button for one uploaded file; busy while the file is being fetched. A prospect list
 * downloads as a copy whose cells run no formula; its original is offered beside it, behind a
 * warning (an .xls cannot be checked, so only its original is offered).
 */
export function DownloadButton({ kind, storedName, label }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const run = async (original: boolean) => {
    setBusy(true);
    try {
      await downloadAdminFile(kind, storedName, { original });
    } finally {
      setBusy(false);
    }
  };
  const offersOriginal = kind === 'prospect-list';
  const onlyOriginal = offersOriginal && storedName.toLowerCase().endsWith('.xls');
  return (
    <span className="rc-admin-download">
      {!onlyOriginal && (
        <Button
          size="small"
          icon={<DownloadOutlined />}
          loading={busy}
          onClick={() => void run(false)}
          aria-label={`Download ${label}`}
        >
          Download
        </Button>
      )}
      {offersOriginal && (
        <Popconfirm
          title="Download the original file?"
          description={<div style={{ maxWidth: 320 }}>{DOWNLOAD_MESSAGES.originalWarning}</div>}
          okText="Download original"
          onConfirm={() => void run(true)}
        >
          <Button size="small" type="link" disabled={busy} aria-label={`Download the original of ${label}`}>
            Original
          </Button>
        </Popconfirm>
      )}
    </span>
  );
}
