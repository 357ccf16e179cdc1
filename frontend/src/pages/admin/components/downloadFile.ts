import type { DownloadKind } from '@ringcast/shared-types';
import { fetchAdminFile } from '../../../api/admin';
import { showRequestError } from '../../../api/errorPolicy';
import { toast } from '../../../components/toast/toastStore';

/** Hands a blob to the browser as a download under `fileName`. */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task; the URL would only hold memory after that.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Spec §2/§8: fetches an uploaded file with the admin's session and saves it under its original
 * name; 'Download Started' on success, 'Download Failed' otherwise.
 */
export async function downloadAdminFile(
  kind: DownloadKind,
  storedName: string,
  options: { original?: boolean } = {},
): Promise<void> {
  try {
    const { blob, fileName } = await fetchAdminFile(kind, storedName, options);
    saveBlob(blob, fileName);
    toast({ title: 'Download Started', description: `Downloading ${fileName}` });
  } catch (err) {
    showRequestError(err, { title: 'Download Failed', fallback: 'Failed to download file', fixed: true });
  }
}
