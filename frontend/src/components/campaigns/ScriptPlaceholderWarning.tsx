import type { ReactNode } from 'react';
import { Alert } from 'antd';
import { scriptPlaceholders, type ScriptField } from '@ringcast/shared-types';

/** Where the wizard's script step is for a saved draft. */
export const scriptStepPath = (campaignId: number) => `/campaigns/create?edit=${campaignId}&step=5`;

/**
 * Names each script that still holds a "[...]" placeholder, a web address or a document's pasted
 * header (scriptPlaceholders, the one rule), which the agent would read out, with a way back to
 * the script step (`fix`: a button or a link). Nothing when the scripts are ready.
 */
export function ScriptPlaceholderWarning({
  scripts,
  fix,
}: {
  scripts: Partial<Record<ScriptField, string | null>>;
  fix: ReactNode;
}) {
  const found = scriptPlaceholders(scripts);
  if (!found.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title="Some scripts still have placeholders"
      description={
        <>
          <p style={{ margin: '0 0 8px' }}>
            The agent would read these out as written (a gap to fill in, a web address, a document&apos;s
            header). Replace them with your own words before launch:
          </p>
          <ul style={{ margin: '0 0 12px', paddingLeft: 20 }} aria-label="Scripts with placeholders">
            {found.map(({ scriptType, label, placeholders }) => (
              <li key={scriptType}>
                <strong>{label}</strong>: {placeholders.join(', ')}
              </li>
            ))}
          </ul>
          {fix}
        </>
      }
    />
  );
}
