import { useRef, useState, type ChangeEvent } from 'react';
import { Button } from 'antd';
import { FileTextOutlined, UploadOutlined } from '@ant-design/icons';
import { PROSPECT_FILE_ACCEPT } from '@ringcast/shared-types';
import { showRequestError } from '../../../api/errorPolicy';
import { toast } from '../../../components/toast/toastStore';
import { chooseProspectFile } from '../../../components/chooseProspectFile';
import { useProspectListsStore } from '../../../stores/prospectListsStore';

const sizeInKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The file chooser: the spec's type and size checks, then the chosen file with Upload and Cancel. */
export function ProspectUploader() {
  const upload = useProspectListsStore((s) => s.upload);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = chooseProspectFile(event);
    if (chosen) setFile(chosen);
  };

  const onUpload = async () => {
    if (!file || uploading) return;
    setUploading(true);
    try {
      const response = await upload(file);
      toast({ title: 'List Uploaded', description: response.message });
      setFile(null);
    } catch (err) {
      showRequestError(err, { title: 'Upload Failed', fallback: 'Please try again.' });
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="rc-prospects-uploader">
      <p className="rc-prospects-hint">
        Upload a CSV or Excel file (.csv, .xlsx, .xls, up to 10MB) with a Phone column; Name and Email columns
        are picked up too.
      </p>
      <input
        ref={input}
        type="file"
        accept={PROSPECT_FILE_ACCEPT}
        aria-label="Prospect list file"
        hidden
        onChange={onChoose}
      />
      {file ? (
        <div className="rc-prospects-selected">
          <FileTextOutlined aria-hidden />
          <span className="rc-prospects-file-name">{file.name}</span>
          <span className="rc-prospects-file-size">({sizeInKb(file.size)})</span>
          <span className="rc-prospects-actions">
            <Button type="primary" loading={uploading} onClick={onUpload}>
              Upload
            </Button>
            <Button disabled={uploading} onClick={() => setFile(null)}>
              Cancel
            </Button>
          </span>
        </div>
      ) : (
        <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
          Choose CSV or Excel File
        </Button>
      )}
    </div>
  );
}
