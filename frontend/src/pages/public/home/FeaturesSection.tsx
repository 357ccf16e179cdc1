import { RiseOutlined, RobotOutlined, TeamOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Reveal } from '../../../components/public/Reveal';
import { SectionHeading } from '../../../components/public/SectionHeading';
import { Paragraph, Title } from '../../../components/public/Typography';
import { FEATURES, type FeatureIcon } from './homeContent';

const ICONS: Record<FeatureIcon, ReactNode> = {
  agent: <RobotOutlined />,
  retention: <TeamOutlined />,
  leads: <RiseOutlined />,
};

export function FeaturesSection() {
  return (
    <Reveal aria-labelledby="home-features-title">
      <SectionHeading
        id="home-features-title"
        title="Built for intelligent calling"
        subtitle="One platform for the calls that grow your business and the calls that keep it."
      />
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))', gap: 28 }}>
        {FEATURES.map((feature) => (
          <div key={feature.title}>
            <div
              aria-hidden
              style={{
                width: 48,
                height: 48,
                display: 'grid',
                placeItems: 'center',
                fontSize: 24,
                borderRadius: 'var(--ant-border-radius-lg)',
                color: 'var(--ant-color-primary)',
                background: 'var(--ant-color-primary-bg)',
                marginBottom: 16,
              }}
            >
              {ICONS[feature.icon]}
            </div>
            <Title level={3} style={{ fontSize: 20, marginTop: 0 }}>
              {feature.title}
            </Title>
            <Paragraph type="secondary">{feature.text}</Paragraph>
          </div>
        ))}
      </div>
    </Reveal>
  );
}
