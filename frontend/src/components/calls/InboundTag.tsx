import { Tag } from 'antd';
import type { CallDirection } from '@ringcast/shared-types';

/** Marks a call someone rang into the campaign's number; a call we placed shows nothing. */
export function InboundTag({ call }: { call: { direction: CallDirection } }) {
  if (call.direction !== 'inbound') return null;
  return (
    <Tag color="purple" className="rc-call-inbound">
      Inbound
    </Tag>
  );
}
