import { CheckOutlined } from '@ant-design/icons';
import { theme, Typography } from 'antd';
import { PRICING_TIERS } from '../content/pricingTiers';

/** The three graduated price tiers side by side. */
export function PriceTiers() {
  const { token } = theme.useToken();
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(250px, 1fr))', gap: 20 }}>
      {PRICING_TIERS.map((tier) => (
        <div
          key={tier.name}
          data-tier={tier.name.toLowerCase()}
          style={{
            padding: 28,
            borderRadius: token.borderRadiusLG * 2,
            background: token.colorBgContainer,
            border: `${tier.highlighted ? 2 : 1}px solid ${tier.highlighted ? token.colorPrimary : token.colorBorderSecondary}`,
            boxShadow: tier.highlighted ? token.boxShadow : token.boxShadowTertiary,
          }}
        >
          <Typography.Title level={3} style={{ margin: 0 }}>
            {tier.name}
          </Typography.Title>
          <Typography.Text type="secondary">{tier.range}</Typography.Text>
          <div style={{ margin: '16px 0 8px' }}>
            <span style={{ fontSize: 40, fontWeight: 800, color: token.colorPrimary }}>{tier.rate}</span>
            <Typography.Text type="secondary"> /call</Typography.Text>
          </div>
          <Typography.Paragraph>{tier.pitch}</Typography.Paragraph>
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {tier.features.map((feature) => (
              <li key={feature} style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
                <CheckOutlined aria-hidden style={{ color: token.colorSuccess, marginTop: 4 }} />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
