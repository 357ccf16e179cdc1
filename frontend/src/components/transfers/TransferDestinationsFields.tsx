import { useEffect, useId, useState } from 'react';
import { Button, Checkbox, Input } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DEFAULT_TRANSFER_LABEL,
  MAX_TRANSFER_DESTINATIONS,
  TRANSFER_LABEL_MAX,
  formatPhone,
  transferDestinationsOf,
  type TransferDestination,
  type TransferHours,
} from '@ringcast/shared-types';
import { useAuthStore } from '../../stores/authStore';
import { ClockRange, TimeZoneSelect, WeekdayChecks } from '../campaigns/HoursInputs';
import { browserTimeZone, ownerTimeZone } from '../timeZones';
import { defaultTransferHours, emptyDestination } from './transferDestinations';
import '../campaigns/callingHours.css';
import '../form/entryFieldset.css';
import './transfers.css';

/** The zone new hours start in: the browser's at once, the owner's once read. */
function useOwnerZone(): string {
  const [zone, setZone] = useState(browserTimeZone);
  useEffect(() => {
    let live = true;
    void ownerTimeZone().then((owner) => live && setZone(owner));
    return () => {
      live = false;
    };
  }, []);
  return zone;
}

function HoursFields({
  name,
  value,
  onChange,
}: {
  name: string;
  value: TransferHours;
  onChange: (patch: Partial<TransferHours>) => void;
}) {
  return (
    <>
      <WeekdayChecks
        label={`Days ${name} takes calls`}
        value={value.days}
        onChange={(days) => onChange({ days })}
      />
      <div className="rc-calling-hours-row">
        <ClockRange fromLabel="From" from={value.from} to={value.to} onChange={onChange} />
        <TimeZoneSelect value={value.timeZone} onChange={(timeZone) => onChange({ timeZone })} width={240} />
      </div>
    </>
  );
}

function DestinationFields({
  index,
  value,
  zone,
  onChange,
  onRemove,
}: {
  index: number;
  value: TransferDestination;
  /** Where new hours start: the owner's zone. */
  zone: string;
  onChange: (patch: Partial<TransferDestination>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const name = `Transfer number ${index + 1}`;
  return (
    <fieldset className="rc-entry-fieldset rc-transfer-destination">
      <legend className="rc-entry-fieldset-legend">{name}</legend>
      <div className="rc-calling-hours-row">
        <label htmlFor={`${id}-label`}>Label</label>
        <Input
          id={`${id}-label`}
          value={value.label}
          maxLength={TRANSFER_LABEL_MAX}
          placeholder="Sales"
          onChange={(e) => onChange({ label: e.target.value })}
          style={{ width: 180 }}
        />
        <label htmlFor={`${id}-number`}>Number</label>
        <Input
          id={`${id}-number`}
          type="tel"
          value={value.phoneNumber}
          placeholder="+12125550100"
          onChange={(e) => onChange({ phoneNumber: e.target.value })}
          style={{ width: 180 }}
        />
        <Button icon={<DeleteOutlined />} onClick={onRemove} aria-label={`Remove ${name}`}>
          Remove
        </Button>
      </div>
      <Checkbox
        checked={value.hours !== null}
        onChange={(e) => onChange({ hours: e.target.checked ? defaultTransferHours(zone) : null })}
      >
        Only at set hours
      </Checkbox>
      {value.hours && (
        <HoursFields
          name={name}
          value={value.hours}
          onChange={(patch) => onChange({ hours: { ...value.hours!, ...patch } })}
        />
      )}
    </fieldset>
  );
}

/**
 * Whom the agent may hand a caller to: up to MAX_TRANSFER_DESTINATIONS labelled numbers, each with
 * optional hours in the business's zone. While there are none the owner's profile phone stands in
 * as "Office" (transferDestinationsOf, as the agent sees it). Used by the wizard's Company Data step
 * and the campaign page; checked where it is saved.
 */
export function TransferDestinationsFields({
  value,
  onChange,
}: {
  value: TransferDestination[];
  onChange: (next: TransferDestination[]) => void;
}) {
  const zone = useOwnerZone();
  const profilePhone = useAuthStore((s) => s.user?.phoneNumber);
  // What the agent is offered while the list is empty (the same rule the api applies).
  const office = transferDestinationsOf([], profilePhone)[0];
  const full = value.length >= MAX_TRANSFER_DESTINATIONS;
  return (
    <div className="rc-calling-hours rc-transfer-destinations">
      <p className="rc-calling-hours-hint">
        When a caller asks for a person, the agent connects them to one of these numbers by its label, and
        tells whoever answers what the call is about first. If nobody answers, or outside a number&apos;s
        hours, the agent takes a message instead.
      </p>
      {value.length === 0 &&
        (office ? (
          <p className="rc-transfer-default" role="note" aria-label="Default transfer number">
            While none is set:{' '}
            <strong>
              {DEFAULT_TRANSFER_LABEL}: {formatPhone(office.phoneNumber)}
            </strong>{' '}
            (your profile phone)
          </p>
        ) : (
          <p className="rc-transfer-default" role="note" aria-label="Default transfer number">
            No transfer number yet: add one here, or a phone number to your profile on the Account page.
          </p>
        ))}
      {value.map((destination, index) => (
        <DestinationFields
          // Rows have no id of their own; a removal re-numbers the rows after it anyway.
          key={index}
          index={index}
          value={destination}
          zone={zone}
          onChange={(patch) => onChange(value.map((d, i) => (i === index ? { ...d, ...patch } : d)))}
          onRemove={() => onChange(value.filter((_, i) => i !== index))}
        />
      ))}
      <div>
        <Button
          icon={<PlusOutlined />}
          disabled={full}
          onClick={() => onChange([...value, emptyDestination()])}
        >
          Add transfer number
        </Button>
        {full && (
          <span className="rc-transfer-full"> At most {MAX_TRANSFER_DESTINATIONS} transfer numbers.</span>
        )}
      </div>
    </div>
  );
}
