import { Reveal } from '../../../components/public/Reveal';
import { Paragraph, Title } from '../../../components/public/Typography';
import { visuallyHidden } from '../../../components/public/styles';
import { HIGHLIGHTS } from './homeContent';

export function HighlightsSection() {
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
              borderRadius: 'calc(var(--ant-border-radius-lg) * 2)',
              background: 'var(--ant-color-primary-bg)',
              border: '1px solid var(--ant-color-primary-border)',
            }}
          >
            <div
              style={{
                fontSize: 36,
                fontWeight: 800,
                color: 'var(--ant-color-primary)',
                lineHeight: 1.2,
                whiteSpace: 'nowrap',
              }}
            >
              {item.value}
            </div>
            <Title level={4} style={{ margin: '8px 0' }}>
              {item.title}
            </Title>
            <Paragraph type="secondary" style={{ margin: 0 }}>
              {item.text}
            </Paragraph>
          </div>
        ))}
      </div>
    </Reveal>
  );
}
