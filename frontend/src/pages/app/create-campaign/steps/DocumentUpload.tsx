import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Button } from 'antd';
import { CloseOutlined, FileTextOutlined, UploadOutlined } from '@ant-design/icons';
import {
  AGENT_DOCUMENT_ACCEPT,
  AGENT_DOCUMENT_MAX_BYTES,
  agentDocumentExtension,
} from '@ringcast/shared-types';
import { fetchAgentDocuments, uploadAgentDocuments } from '../../../../api/agentDocuments';
import { showRequestError } from '../../../../api/errorPolicy';
import { toast } from '../../../../components/toast/toastStore';
import { useDraftStore } from '../../../../components/campaigns/draftSource';

/** Spec §8: one text for a refused file and a failed upload alike. */
const UPLOAD_FAILED = {
  title: 'Upload failed',
  fallback: 'Please try again with valid document files.',
  fixed: true,
};
const filesRefused = () =>
  toast({ title: UPLOAD_FAILED.title, description: UPLOAD_FAILED.fallback, variant: 'destructive' });

/** Documents the agent (and the script generator) can draw on. "Up to 5 files" is only a hint. */
export function DocumentUpload() {
  const useStore = useDraftStore();
  const documents = useStore((s) => s.draft.agentDocuments);
  const names = useStore((s) => s.documentNames);
  const addDocuments = useStore((s) => s.addDocuments);
  const removeDocument = useStore((s) => s.removeDocument);
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  // A draft opened for editing names its documents only by stored name; look up how they were called.
  const unnamed = documents.some((filename) => !names[filename]);
  const lookedUp = useRef(false);
  useEffect(() => {
    if (!unnamed || lookedUp.current) return;
    lookedUp.current = true;
    fetchAgentDocuments()
      .then((docs) => addDocuments(docs.filter((d) => documents.includes(d.filename))))
      .catch(() => undefined);
  }, [unnamed, documents, addDocuments]);

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (!files.length) return;
    if (
      files.some((f) => !agentDocumentExtension(f.name) || f.size > AGENT_DOCUMENT_MAX_BYTES || f.size === 0)
    ) {
      filesRefused();
      return;
    }
    setUploading(true);
    try {
      const response = await uploadAgentDocuments(files);
      addDocuments(response.files);
    } catch (err) {
      showRequestError(err, UPLOAD_FAILED);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="rc-field">
      <span className="rc-field-label">Documents for the AI Agent</span>
      <p className="rc-wizard-hint">
        Brochures, price lists or FAQs (.pdf, .doc, .docx, .txt). Up to 5 files. Text files are also used when
        generating scripts.
      </p>
      <input
        ref={input}
        type="file"
        multiple
        accept={AGENT_DOCUMENT_ACCEPT}
        aria-label="Agent documents"
        hidden
        onChange={onChoose}
      />
      <div>
        <Button icon={<UploadOutlined />} loading={uploading} onClick={() => input.current?.click()}>
          Upload Documents
        </Button>
      </div>
      {documents.length > 0 && (
        <ul className="rc-wizard-files" aria-label="Uploaded documents">
          {documents.map((filename) => (
            <li key={filename} className="rc-wizard-file">
              <FileTextOutlined aria-hidden />
              <span>{names[filename] ?? filename}</span>
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={`Remove ${names[filename] ?? filename}`}
                onClick={() => removeDocument(filename)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
