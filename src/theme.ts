import type { ThemeConfig } from 'antd';

export const BRAND_COLOR = '#4f46e5';

export const theme: ThemeConfig = {
  token: { colorPrimary: BRAND_COLOR, borderRadius: 8, fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
};
