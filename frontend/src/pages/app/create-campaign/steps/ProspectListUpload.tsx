import { useRef, useState, type ChangeEvent } from 'react';
import { Button, Spin } from 'antd';
import { FileTextOutlined, UploadOutlined } from '@ant-design/icons';
import { PROSPECT_FILE_ACCEPT, type ProspectList } from '@ringcast/shared-types';
import { ImportSummary } from '../../../../components/prospects/ImportSummary';
import { showRequestError } from '../../../../api/errorPolicy';
import { toast } from '../../../../components/toast/toastStore';
import { chooseProspectFile } from '../../../../components/chooseProspectFile';
import { useProspectListsStore } from '../../../../stores/prospectListsStore';
import { useLiveResource } from '../../../../realtime/useLiveResource';
import { useDraft } from '../useDraft';

function ListResult({ list, fallbackName }: { list: ProspectList | undefined; fallbackName: string }) {
  const name = list?.name ?? fallbackName;
  let status;
  if (!list || list.status === 'processing') {
    status = (
      <span>
        <Spin size="small" /> Processing...
      </span>
    );
  } else if (list.status === 'failed') {
    status = (
      <span className="rc-field-error">Failed: {list.failureReason ?? 'the file could not be read.'}</span>
    );
  } else {
    status = <ImportSummary list={list} />;
  }
  return (
    <div className="rc-wizard-file" role="group" aria-label="Uploaded prospect list" aria-live="polite">
      <FileTextOutlined aria-hidden />
      <strong>{name}</strong>
      {status}
    </div>
  );
}

/** Step 2's own-list upload: the same upload as the account page, with the list's live count. */
export function ProspectListUpload() {
  useLiveResource(useProspectListsStore((s) => s.fetchLists));
  const [draft, update] = useDraft();
  const upload = useProspectListsStore((s) => s.upload);
  const list = useProspectListsStore((s) => s.lists.find((l) => l.id === draft.prospectListId));
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = chooseProspectFile(event);
    if (!file) return;
    setUploading(true);
    try {
      const response = await upload(file);
      update({ prospectListId: response.prospectList.id, prospectListFile: response.prospectList.name });
      toast({ title: 'Success', description: response.message });
    } catch (err) {
      showRequestError(err, {
        title: 'Upload failed',
        fallback: 'Please try again with a valid CSV or Excel file.',
        fixed: true,
      });
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="rc-field">
      <span className="rc-field-label">Prospect List File</span>
      <p className="rc-wizard-hint">CSV or Excel (.csv, .xlsx, .xls), up to 10MB, with a Phone column.</p>
      <input
        ref={input}
        type="file"
        accept={PROSPECT_FILE_ACCEPT}
        aria-label="Prospect list file"
        hidden
        onChange={onChoose}
      />
      <div>
        <Button icon={<UploadOutlined />} loading={uploading} onClick={() => input.current?.click()}>
          {draft.prospectListId ? 'Choose Another File' : 'Choose CSV or Excel File'}
        </Button>
      </div>
      {draft.prospectListId !== null && (
        <ListResult list={list} fallbackName={draft.prospectListFile ?? 'Your list'} />
      )}
    </div>
  );
}
