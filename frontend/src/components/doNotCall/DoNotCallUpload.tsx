import { useRef, useState, type ChangeEvent } from 'react';
import { Alert, Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { PROSPECT_FILE_ACCEPT, type DoNotCallUploadResult } from '@ringcast/shared-types';
import { errorSentence } from '../../api/client';
import { uploadDoNotCall, type DoNotCallScope } from '../../api/doNotCall';
import { chooseProspectFile } from '../chooseProspectFile';
import { toast } from '../toast/toastStore';

export const uploadSummary = ({ added, alreadyPresent, invalid }: DoNotCallUploadResult) =>
  `${added} added, ${alreadyPresent} already on the list, ${invalid} invalid`;

/** A CSV or Excel file of numbers (a phone column) added at once; the counts stay on screen. */
export function DoNotCallUpload({ scope, onUploaded }: { scope: DoNotCallScope; onUploaded: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [result, setResult] = useState<DoNotCallUploadResult | null>(null);

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = chooseProspectFile(event);
    if (!file) return;
    setUploading(true);
    try {
      setResult(await uploadDoNotCall(scope, file));
      onUploaded();
    } catch (err) {
      toast({
        title: 'Upload Failed',
        description: errorSentence(err, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="rc-dnc-upload">
      <input
        ref={input}
        type="file"
        accept={PROSPECT_FILE_ACCEPT}
        aria-label="Do-not-call file"
        hidden
        onChange={(e) => void onChoose(e)}
      />
      <Button icon={<UploadOutlined />} loading={uploading} onClick={() => input.current?.click()}>
        Upload CSV or Excel
      </Button>
      {result && (
        <Alert
          type="success"
          showIcon
          role="status"
          aria-label="Upload result"
          title={uploadSummary(result)}
          closable
          onClose={() => setResult(null)}
        />
      )}
    </div>
  );
}
