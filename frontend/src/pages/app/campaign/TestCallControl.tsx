import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Select, Space } from 'antd';
import { PhoneOutlined } from '@ant-design/icons';
import { formatPhone, isTestCallCountry, toE164, type TestNumber } from '@ringcast/shared-types';
import { fetchTestNumbers } from '../../../api/testNumbers';
import { useAuthStore } from '../../../stores/authStore';

interface PhoneOption {
  value: string;
  label: string;
}

/** The phones a test call may ring: the profile's (when in the US or Canada) and the saved test numbers. */
function phoneOptions(profilePhone: string | null | undefined, saved: readonly TestNumber[]): PhoneOption[] {
  const options: PhoneOption[] = [];
  const profile = profilePhone ? toE164(profilePhone) : null;
  if (profile && isTestCallCountry(profile))
    options.push({ value: profile, label: `${formatPhone(profile)} (profile)` });
  for (const entry of saved) {
    if (options.some((option) => option.value === entry.phoneNumber)) continue;
    const phone = formatPhone(entry.phoneNumber);
    options.push({ value: entry.phoneNumber, label: entry.label ? `${phone} (${entry.label})` : phone });
  }
  return options;
}

/**
 * The campaign page's Test call: which of the owner's phones to ring, and the button. Without any
 * phone a test call may ring, a link to where one is added.
 */
export function TestCallControl({
  pending,
  disabled,
  onCall,
}: {
  pending: boolean;
  disabled: boolean;
  onCall: (phoneNumber: string) => void;
}) {
  const profilePhone = useAuthStore((s) => s.user?.phoneNumber);
  const [saved, setSaved] = useState<TestNumber[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    fetchTestNumbers()
      .then((numbers) => current && setSaved(numbers))
      // Without the saved numbers, the profile phone alone is offered.
      .catch(() => current && setSaved([]));
    return () => {
      current = false;
    };
  }, []);
  const options = useMemo(() => phoneOptions(profilePhone, saved ?? []), [profilePhone, saved]);
  const value = options.find((option) => option.value === chosen)?.value ?? options[0]?.value;

  if (saved !== null && !value) {
    return (
      <Link to="/account" className="rc-test-call-setup">
        <PhoneOutlined /> Add a test number for test calls
      </Link>
    );
  }
  return (
    <Space.Compact>
      <Select
        aria-label="Phone to ring"
        className="rc-test-call-phone"
        value={value}
        options={options}
        loading={saved === null}
        popupMatchSelectWidth={false}
        onChange={(phone: string) => setChosen(phone)}
      />
      <Button
        icon={<PhoneOutlined />}
        loading={pending}
        disabled={disabled || !value}
        onClick={() => value && onCall(value)}
      >
        Test call
      </Button>
    </Space.Compact>
  );
}
