import { useState } from 'react';
import { plainButtonStyle } from './styles';
import { toggleOpen, type OpenId } from './singleOpen';
import { Paragraph, Text, Title } from './Typography';
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
              borderRadius: 'var(--ant-border-radius-lg)',
              background: 'var(--ant-color-bg-container)',
              border: `1px solid var(${open ? '--ant-color-primary' : '--ant-color-border-secondary'})`,
              boxShadow: `var(${open ? '--ant-box-shadow' : '--ant-box-shadow-tertiary'})`,
              transition: 'border-color 200ms, box-shadow 200ms',
            }}
          >
            <button
              type="button"
              aria-expanded={open}
              aria-controls={open ? bodyId : undefined}
              style={plainButtonStyle}
            >
              <Title level={4} style={{ margin: 0 }}>
                {item.title}
              </Title>
              <Text type="secondary" style={{ fontSize: 13 }}>
                {open ? 'Click to collapse' : 'Click to expand'}
              </Text>
            </button>
            {open && (
              <div id={bodyId} style={{ marginTop: 12 }}>
                <Paragraph style={{ marginBottom: 12 }}>{item.description}</Paragraph>
                <Text strong>{detailsLabel}</Text>
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
