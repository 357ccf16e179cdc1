import { theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { SIGN_UP_PATH } from '../authLinks';
import { LinkButton } from './LinkButton';

interface CallToActionProps {
  title: string;
  text?: ReactNode;
  buttonLabel?: string;
  to?: string;
}

/** A closing banner with one button, by default 'Get started' to the Sign Up tab. */
export function CallToAction({
  title,
  text,
  buttonLabel = 'Get started',
  to = SIGN_UP_PATH,
}: CallToActionProps) {
  const { token } = theme.useToken();
  return (
    <section
      style={{
        margin: '56px 0',
        padding: '40px 24px',
        textAlign: 'center',
        borderRadius: token.borderRadiusLG * 2,
        background: token.colorPrimaryBg,
        border: `1px solid ${token.colorPrimaryBorder}`,
      }}
    >
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {text && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 17, marginBottom: 24 }}>
          {text}
        </Typography.Paragraph>
      )}
      <LinkButton to={to} size="large">
        {buttonLabel}
      </LinkButton>
    </section>
  );
}
