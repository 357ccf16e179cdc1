import { DownOutlined } from '@ant-design/icons';
import { theme, Typography } from 'antd';
import { useState } from 'react';
import { DemoVideoLink } from './DemoVideoLink';
import { plainButtonStyle } from './styles';
import { toggleOpen, type OpenId } from './singleOpen';
import type { FaqItem } from './types';

interface FaqListProps {
  items: readonly FaqItem[];
}

/** Questions that open on click to show their answer; only one is open at a time. */
export function FaqList({ items }: FaqListProps) {
  const [openId, setOpenId] = useState<OpenId>(null);
  const { token } = theme.useToken();

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12, maxWidth: 760, margin: '0 auto' }}>
      {items.map((item) => {
        const open = item.id === openId;
        const answerId = `faq-answer-${item.id}`;
        return (
          <div
            key={item.id}
            data-faq-id={item.id}
            aria-expanded={open}
            onClick={() => setOpenId((current) => toggleOpen(current, item.id))}
            style={{
              cursor: 'pointer',
              padding: '16px 20px',
              borderRadius: token.borderRadiusLG,
              background: token.colorBgContainer,
              border: `1px solid ${open ? token.colorPrimary : token.colorBorderSecondary}`,
            }}
          >
            <button
              type="button"
              aria-expanded={open}
              aria-controls={open ? answerId : undefined}
              style={{
                ...plainButtonStyle,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 16,
              }}
            >
              <Typography.Text strong style={{ fontSize: 16 }}>
                {item.question}
              </Typography.Text>
              <DownOutlined
                aria-hidden
                style={{ transition: 'transform 200ms', transform: open ? 'rotate(180deg)' : 'none' }}
              />
            </button>
            {open && (
              <div id={answerId} style={{ marginTop: 12 }}>
                <Typography.Paragraph style={{ marginBottom: item.steps ? 12 : 0 }}>
                  {item.answer}
                </Typography.Paragraph>
                {item.steps && (
                  <ol style={{ margin: 0, paddingLeft: 22 }}>
                    {item.steps.map((step) => (
                      <li key={step} style={{ marginBottom: 4 }}>
                        {step}
                      </li>
                    ))}
                  </ol>
                )}
                {item.demoVideoLink && <DemoVideoLink label={item.demoVideoLink} />}
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
