import { theme, Typography } from 'antd';
import { useState } from 'react';
import { plainButtonStyle } from './styles';
import { toggleOpen, type OpenId } from './singleOpen';
import type { ExpandableItem } from './types';

interface ExpandableCardsProps {
  items: readonly ExpandableItem[];
  /** Heading of the list in an open card, e.g. 'Use Cases:'. */
  detailsLabel: string;
  /** Narrowest a column may get before the grid wraps. */
  minColumnWidth?: number;
}

/**
 * A grid of cards that open on click to show a description and a list; a second click closes the
 * card, and opening one closes any other.
 */
export function ExpandableCards({ items, detailsLabel, minColumnWidth = 260 }: ExpandableCardsProps) {
  const [openId, setOpenId] = useState<OpenId>(null);
  const { token } = theme.useToken();

  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${minColumnWidth}px), 1fr))`,
        gap: 16,
        alignItems: 'start',
      }}
    >
      {items.map((item) => {
        const open = item.id === openId;
        const bodyId = `card-body-${item.id}`;
        return (
          <div
            key={item.id}
            data-card-id={item.id}
            aria-expanded={open}
            onClick={() => setOpenId((current) => toggleOpen(current, item.id))}
            style={{
              cursor: 'pointer',
              padding: 20,
              borderRadius: token.borderRadiusLG,
              background: token.colorBgContainer,
              border: `1px solid ${open ? token.colorPrimary : token.colorBorderSecondary}`,
              boxShadow: open ? token.boxShadow : token.boxShadowTertiary,
              transition: 'border-color 200ms, box-shadow 200ms',
            }}
          >
            <button
              type="button"
              aria-expanded={open}
              aria-controls={open ? bodyId : undefined}
              style={plainButtonStyle}
            >
              <Typography.Title level={4} style={{ margin: 0 }}>
                {item.title}
              </Typography.Title>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {open ? 'Click to collapse' : 'Click to expand'}
              </Typography.Text>
            </button>
            {open && (
              <div id={bodyId} style={{ marginTop: 12 }}>
                <Typography.Paragraph style={{ marginBottom: 12 }}>{item.description}</Typography.Paragraph>
                <Typography.Text strong>{detailsLabel}</Typography.Text>
                <ul style={{ margin: '8px 0 0', paddingLeft: 20 }}>
                  {item.details.map((detail) => (
                    <li key={detail} style={{ marginBottom: 4 }}>
                      {detail}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
