import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { DownloadKind } from '@ringcast/shared-types';
import { downloadAdminFile } from './downloadFile';

interface DownloadButtonProps {
  kind: DownloadKind;
  storedName: string;
  /** What the file is called on screen, for the button's accessible name. */
  label: string;
}

/** A Download button for one uploaded file; busy while the file is being fetched. */
export function DownloadButton({ kind, storedName, label }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadAdminFile(kind, storedName);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={() => void onClick()}
      aria-label={`Download ${label}`}
    >
      Download
    </Button>
  );
}
