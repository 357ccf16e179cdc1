import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Popconfirm, Spin } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import {
  MAX_TEST_NUMBERS,
  createTestNumberSchema,
  formatPhone,
  type TestNumber,
} from '@ringcast/shared-types';
import { showRequestError } from '../../../api/errorPolicy';
import { addTestNumber, fetchTestNumbers, removeTestNumber } from '../../../api/testNumbers';
import { TextField } from '../../../components/form/TextField';
import { useFormSubmit } from '../../../components/form/useFormSubmit';
import { useValidatedForm } from '../../../components/form/useValidatedForm';
import { toast } from '../../../components/toast/toastStore';
import './testNumbers.css';

/** A number (US or Canada) and an optional label; remounted empty after each addition. */
function TestNumberAddForm({ onAdded }: { onAdded: () => void }) {
  const form = useValidatedForm(createTestNumberSchema, { phoneNumber: '', label: '' });
  const { pending, onSubmit } = useFormSubmit(
    form,
    async ({ phoneNumber, label }) => {
      const saved = await addTestNumber({ phoneNumber, label: label || null });
      toast({
        title: 'Test Number Added',
        description: `Test calls may ring ${formatPhone(saved.phoneNumber)}.`,
      });
      onAdded();
    },
    'Could not add the test number.',
  );
  return (
    <form className="rc-test-numbers-add" onSubmit={onSubmit} noValidate aria-label="Add a test number">
      <TextField form={form} name="phoneNumber" id="test-number-phone" label="Phone number" inputMode="tel" />
      <TextField form={form} name="label" id="test-number-label" label="Label (optional)" maxLength={64} />
      <Button type="primary" htmlType="submit" loading={pending} className="rc-test-numbers-add-button">
        Add
      </Button>
    </form>
  );
}

/**
 * /account Test numbers: the phones besides the profile's that test calls may ring. Test calls
 * use the platform's line, so they ring only the owner's own phones, in the US or Canada.
 */
export function TestNumbersCard() {
  const [numbers, setNumbers] = useState<TestNumber[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const [added, setAdded] = useState(0);

  const reload = useCallback(async () => {
    try {
      setNumbers(await fetchTestNumbers());
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => void reload(), [reload]);

  const remove = async (entry: TestNumber) => {
    setRemoving(entry.id);
    try {
      await removeTestNumber(entry.id);
      toast({
        title: 'Test Number Removed',
        description: `${formatPhone(entry.phoneNumber)} is no longer rung.`,
      });
      await reload();
    } catch (err) {
      showRequestError(err, { title: 'Error', fallback: 'Could not remove the test number.' });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <section className="rc-test-numbers" aria-label="Test numbers">
      <p className="rc-test-numbers-hint">
        Test calls ring your profile phone or one of these numbers: up to {MAX_TEST_NUMBERS} of your own US or
        Canadian phones.
      </p>
      <TestNumberAddForm
        key={added}
        onAdded={() => {
          setAdded((n) => n + 1);
          void reload();
        }}
      />
      {failed ? (
        <Alert type="error" showIcon title="Could not load your test numbers." />
      ) : numbers === null ? (
        <Spin />
      ) : (
        <>
          {numbers.length ? (
            <ul className="rc-test-numbers-list">
              {numbers.map((entry) => (
                <li key={entry.id} className="rc-test-numbers-row" data-phone={entry.phoneNumber}>
                  <span className="rc-test-numbers-phone">{formatPhone(entry.phoneNumber)}</span>
                  {entry.label && <span className="rc-test-numbers-label">{entry.label}</span>}
                  <Popconfirm
                    title="Remove this test number?"
                    description="Test calls will no longer ring it."
                    okText="Remove"
                    onConfirm={() => remove(entry)}
                  >
                    <Button
                      size="small"
                      icon={<DeleteOutlined />}
                      loading={removing === entry.id}
                      aria-label={`Remove ${entry.phoneNumber}`}
                    >
                      Remove
                    </Button>
                  </Popconfirm>
                </li>
              ))}
            </ul>
          ) : (
            <p className="rc-test-numbers-empty">No test numbers yet.</p>
          )}
          <p className="rc-test-numbers-count">
            {numbers.length} of {MAX_TEST_NUMBERS} test numbers
          </p>
        </>
      )}
    </section>
  );
}
