import { SIGN_UP_PATH } from '../../../components/authLinks';
import { LinkButton } from '../../../components/public/LinkButton';
import { Reveal } from '../../../components/public/Reveal';
import { Paragraph, Title } from '../../../components/public/Typography';

export function HeroSection() {
  return (
    <Reveal aria-labelledby="home-hero-title" style={{ padding: '40px 0 32px', textAlign: 'center' }}>
      <Title
        id="home-hero-title"
        level={1}
        style={{ fontSize: 'clamp(36px, 6vw, 60px)', lineHeight: 1.1, margin: '0 auto 16px', maxWidth: 760 }}
      >
        Get more leads. Retain more clients.
      </Title>
      <Paragraph type="secondary" style={{ fontSize: 'clamp(18px, 2.4vw, 22px)', marginBottom: 32 }}>
        Automate thousands of calls with AI agents
      </Paragraph>
      <LinkButton to={SIGN_UP_PATH} size="large" style={{ height: 52, padding: '0 36px', fontSize: 18 }}>
        Get started today!
      </LinkButton>
      <Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 14 }}>
        No credit card required
      </Paragraph>
    </Reveal>
  );
}
