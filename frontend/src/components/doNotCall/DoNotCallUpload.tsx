import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Button, Progress } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import {
  PROSPECT_FILE_ACCEPT,
  type DoNotCallImport,
  type DoNotCallUploadResult,
} from '@ringcast/shared-types';
import { showRequestError } from '../../api/errorPolicy';
import { fetchDoNotCallImport, uploadDoNotCall, type DoNotCallScope } from '../../api/doNotCall';
import { chooseProspectFile } from '../chooseProspectFile';

/**
 * How often a large upload's progress is read while the worker adds its numbers. Polled rather
 * than pushed: the import matters only to the tab that uploaded it, for a minute or two.
 */
const POLL_MS = 1000;

const count = (n: number) => n.toLocaleString('en-US');

export const uploadSummary = ({ added, alreadyPresent, invalid }: DoNotCallUploadResult) =>
  `${count(added)} added, ${count(alreadyPresent)} already on the list, ${count(invalid)} invalid`;

const isFinished = (found: DoNotCallImport) => found.status === 'completed' || found.status === 'failed';
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A CSV or Excel file of numbers (a phone column). A small file is added at once; a large one is
 * added by the worker while a progress bar follows it. The counts stay on screen.
 */
export function DoNotCallUpload({ scope, onUploaded }: { scope: DoNotCallScope; onUploaded: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const mounted = useRef(false);
  const [uploading, setUploading] = useState(false);
  const [result, setResult] = useState<DoNotCallUploadResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [importing, setImporting] = useState<DoNotCallImport | null>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Reads the import every POLL_MS until it is finished; null once this component is gone. */
  const followImport = async (started: DoNotCallImport): Promise<DoNotCallImport | null> => {
    let found = started;
    while (!isFinished(found)) {
      await wait(POLL_MS);
      if (!mounted.current) return null;
      found = await fetchDoNotCallImport(scope, found.id);
      if (!mounted.current) return null;
      setImporting(found);
    }
    return found;
  };

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = chooseProspectFile(event);
    if (!file) return;
    setUploading(true);
    setResult(null);
    setFailure(null);
    try {
      const answer = await uploadDoNotCall(scope, file);
      if ('import' in answer) {
        setImporting(answer.import);
        const finished = await followImport(answer.import);
        if (!finished) return;
        setImporting(null);
        setResult(finished);
        // Numbers added before an import stopped stay on the list.
        if (finished.status === 'failed') setFailure(finished.errorMessage ?? 'The upload stopped.');
      } else {
        setResult(answer);
      }
      onUploaded();
    } catch (err) {
      setImporting(null);
      showRequestError(err, { title: 'Upload Failed', fallback: 'Please try again.' });
    } finally {
      if (mounted.current) setUploading(false);
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
      {importing && (
        <div className="rc-dnc-import" role="status" aria-label="Upload progress">
          <span>
            Adding numbers: {count(importing.processed)} of {count(importing.linesRead)} rows
          </span>
          <Progress
            percent={Math.floor((100 * importing.processed) / Math.max(1, importing.linesRead))}
            size="small"
          />
        </div>
      )}
      {failure && (
        <Alert
          type="error"
          showIcon
          role="alert"
          aria-label="Upload stopped"
          title={failure}
          closable
          onClose={() => setFailure(null)}
        />
      )}
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
