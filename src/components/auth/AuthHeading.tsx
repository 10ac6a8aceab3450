import { theme } from 'antd';
import type { ReactNode } from 'react';

/** Title and intro of the sign-in and registration forms (plain elements keep /login's bundle small). */
export function AuthHeading({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <>
      <h1 style={{ fontSize: 28, fontWeight: 600, margin: '0 0 8px', color: token.colorText }}>{title}</h1>
      <p style={{ margin: '0 0 24px', color: token.colorTextSecondary }}>{children}</p>
    </>
  );
}
