import { Col, Flex, Grid, Row, theme } from 'antd';
import type { ReactNode } from 'react';
import { BRAND_DEEP_COLOR } from '../../theme';
import { Brand } from '../layout/Brand';

const SIGN_IN_TAGLINE = 'Boost your company ratings with review campaigns driven by a customer-relationship tool.';

/** Sign-in and registration: the form, and on wide screens the brand panel with the tagline. */
export function AuthPageLayout({ children }: { children: ReactNode }) {
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  return (
    <Row style={{ minHeight: '100vh' }}>
      <Col xs={24} lg={12}>
        <Flex vertical justify="center" style={{ minHeight: '100vh', padding: '32px 24px', maxWidth: 460, margin: '0 auto' }}>
          <div style={{ marginBottom: 32 }}>
            <Brand />
          </div>
          {children}
        </Flex>
      </Col>
      {screens.lg && (
        <Col lg={12} data-testid="brand-panel" style={{ background: `linear-gradient(135deg, ${token.colorPrimary}, ${BRAND_DEEP_COLOR})` }}>
          <Flex vertical justify="center" align="center" gap={32} style={{ minHeight: '100vh', padding: 48 }}>
            <ReviewIllustration />
            <h2 style={{ color: token.colorTextLightSolid, textAlign: 'center', maxWidth: 440, fontSize: 28, fontWeight: 600, margin: 0 }}>
              {SIGN_IN_TAGLINE}
            </h2>
          </Flex>
        </Col>
      )}
    </Row>
  );
}

/** Decorative: a review card with five stars (antd's rating star colour). */
function ReviewIllustration() {
  const { token } = theme.useToken();
  return (
    <svg width="280" height="180" viewBox="0 0 280 180" aria-hidden="true">
      <rect x="10" y="20" width="260" height="140" rx="18" fill={token.colorWhite} fillOpacity={0.14} />
      <circle cx="56" cy="70" r="22" fill={token.colorWhite} fillOpacity={0.55} />
      <rect x="92" y="56" width="140" height="12" rx="6" fill={token.colorWhite} fillOpacity={0.6} />
      <rect x="92" y="78" width="100" height="10" rx="5" fill={token.colorWhite} fillOpacity={0.35} />
      {[0, 1, 2, 3, 4].map((i) => (
        <path
          key={i}
          transform={`translate(${40 + i * 42} 112) scale(1.3)`}
          d="M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z"
          fill={token.yellow6}
        />
      ))}
    </svg>
  );
}
