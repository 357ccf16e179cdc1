import { Descriptions } from 'antd';
import { TRANSFER_STATUS_LABELS, formatPhone, type CallTransfer as Transfer } from '@ringcast/shared-types';
import { formatCallDuration } from './callFormat';

const dash = '—';

/** The agent's hand-over of the call to a person: to whom, how it went, and what they heard first. */
export function CallTransfer({ transfer }: { transfer: Transfer }) {
  return (
    <section className="rc-call-drawer-section" aria-labelledby="rc-call-drawer-transfer">
      <h3 id="rc-call-drawer-transfer">Transfer</h3>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'to',
            label: 'To',
            children: `${transfer.destination}, ${transfer.phoneNumber ? formatPhone(transfer.phoneNumber) : dash}`,
          },
          {
            key: 'status',
            label: 'Status',
            // No status yet: the destination's phone is ringing.
            children: (
              <span data-transfer-status={transfer.status ?? 'ringing'}>
                {transfer.status ? TRANSFER_STATUS_LABELS[transfer.status] : 'ringing'}
              </span>
            ),
          },
          {
            key: 'leg',
            label: 'Transferred part',
            children: transfer.legSeconds === null ? dash : formatCallDuration(transfer.legSeconds),
          },
          { key: 'reason', label: 'Why', children: transfer.reason ?? dash },
          { key: 'summary', label: 'They heard first', children: transfer.summary ?? dash },
        ]}
      />
    </section>
  );
}
