import { DownloadOutlined } from '@ant-design/icons';
import { skippedRowsCsvPath, type ProspectList } from '@ringcast/shared-types';
import './importSummary.css';

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "2 rows skipped: 1 invalid phone number, 1 duplicate", or null when every row was imported. */
export function skippedRowsText({ invalidPhone, duplicate }: ProspectList['skippedRows']): string | null {
  const reasons = [
    invalidPhone && count(invalidPhone, 'invalid phone number'),
    duplicate && count(duplicate, 'duplicate'),
  ].filter(Boolean);
  if (!reasons.length) return null;
  return `${count(invalidPhone + duplicate, 'row')} skipped: ${reasons.join(', ')}`;
}

/**
 * "2 contacts imported", or, when some numbers were on a do-not-call list as the file was read,
 * "2 contacts, 1 on a do-not-call list" (they are kept and never called).
 */
export function contactsText({
  contactCount,
  doNotCallCount,
}: Pick<ProspectList, 'contactCount' | 'doNotCallCount'>) {
  if (!doNotCallCount) return `${count(contactCount, 'contact')} imported`;
  return `${count(contactCount, 'contact')}, ${doNotCallCount.toLocaleString('en-US')} on a do-not-call list`;
}

/**
 * What a parsed list holds: the contacts imported and the rows left out, by reason, with the
 * left-out rows to download (the account page and the wizard's upload step both show it).
 */
export function ImportSummary({ list }: { list: ProspectList }) {
  const skipped = skippedRowsText(list.skippedRows);
  return (
    <span className="rc-import-summary">
      <span className="rc-prospects-count">{contactsText(list)}</span>
      {skipped && (
        <>
          <span className="rc-import-skipped">{skipped}</span>
          <a href={skippedRowsCsvPath(list.id)} download className="rc-import-download">
            <DownloadOutlined aria-hidden /> Download skipped rows
          </a>
        </>
      )}
    </span>
  );
}
