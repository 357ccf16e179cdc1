import { useState } from 'react';
import { Button, Spin } from 'antd';
import { DeleteOutlined, FileTextOutlined } from '@ant-design/icons';
import { PROSPECT_LIST_DELETED_MESSAGE, type ProspectList } from '@ringcast/shared-types';
import { showRequestError } from '../../../api/errorPolicy';
import { ImportSummary } from '../../../components/prospects/ImportSummary';
import { toast } from '../../../components/toast/toastStore';
import { useProspectListsStore } from '../../../stores/prospectListsStore';

const DELETE_LIST_CONFIRM = 'Are you sure you want to delete this prospect list?';

function ListStatus({ list }: { list: ProspectList }) {
  if (list.status === 'processing') {
    return (
      <span className="rc-prospects-processing">
        <Spin size="small" /> Processing...
      </span>
    );
  }
  if (list.status === 'failed') {
    return (
      <span className="rc-prospects-failed">
        Failed: {list.failureReason ?? 'the file could not be read.'}
      </span>
    );
  }
  return <ImportSummary list={list} />;
}

function ProspectListRow({ list }: { list: ProspectList }) {
  const remove = useProspectListsStore((s) => s.remove);
  const [deleting, setDeleting] = useState(false);

  const onDelete = async () => {
    if (!window.confirm(DELETE_LIST_CONFIRM)) return;
    setDeleting(true);
    try {
      await remove(list.id);
      toast({ title: 'List Deleted', description: PROSPECT_LIST_DELETED_MESSAGE });
    } catch (err) {
      showRequestError(err, { title: 'Error', fallback: 'Please try again.' });
      setDeleting(false);
    }
  };

  return (
    <li className="rc-prospects-row">
      <FileTextOutlined className="rc-prospects-row-icon" aria-hidden />
      <div className="rc-prospects-row-body">
        <div className="rc-prospects-row-name">{list.name}</div>
        <div className="rc-prospects-row-meta">
          <ListStatus list={list} />
          <span>Uploaded {new Date(list.uploadedAt).toLocaleDateString()}</span>
        </div>
      </div>
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={`Delete ${list.name}`}
        loading={deleting}
        onClick={onDelete}
      />
    </li>
  );
}

/** The uploaded lists (name, contact count, upload date), each with delete. */
export function ProspectListItems() {
  const lists = useProspectListsStore((s) => s.lists);
  const status = useProspectListsStore((s) => s.status);
  const fetchLists = useProspectListsStore((s) => s.fetchLists);

  if (status === 'idle' || (status === 'loading' && !lists.length)) {
    return (
      <div className="rc-page-loading" aria-busy="true">
        <Spin />
      </div>
    );
  }
  if (status === 'error' && !lists.length) {
    return (
      <p className="rc-empty">
        Your prospect lists could not be loaded.{' '}
        <Button type="link" onClick={() => void fetchLists()}>
          Try again
        </Button>
      </p>
    );
  }
  if (!lists.length) return <p className="rc-empty">No prospect lists uploaded yet.</p>;
  return (
    <ul className="rc-prospects-list" aria-label="Prospect lists">
      {lists.map((list) => (
        <ProspectListRow key={list.id} list={list} />
      ))}
    </ul>
  );
}
