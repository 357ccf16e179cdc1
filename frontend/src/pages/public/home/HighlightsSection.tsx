import { theme, Typography } from 'antd';
import { Reveal } from '../../../components/public/Reveal';
import { visuallyHidden } from '../../../components/public/styles';
import { HIGHLIGHTS } from './homeContent';

export function HighlightsSection() {
  const { token } = theme.useToken();
  return (
    <Reveal aria-labelledby="home-highlights-title" style={{ paddingTop: 24 }}>
      <h2 id="home-highlights-title" style={visuallyHidden}>
        Why Ringcast
      </h2>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))', gap: 20 }}>
        {HIGHLIGHTS.map((item) => (
          <div
            key={item.value}
            style={{
              padding: 28,
              textAlign: 'center',
              borderRadius: token.borderRadiusLG * 2,
              background: token.colorPrimaryBg,
              border: `1px solid ${token.colorPrimaryBorder}`,
            }}
          >
            <div
              style={{
                fontSize: 36,
                fontWeight: 800,
                color: token.colorPrimary,
                lineHeight: 1.2,
                whiteSpace: 'nowrap',
              }}
            >
              {item.value}
            </div>
            <Typography.Title level={4} style={{ margin: '8px 0' }}>
              {item.title}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {item.text}
            </Typography.Paragraph>
          </div>
        ))}
      </div>
    </Reveal>
  );
}
