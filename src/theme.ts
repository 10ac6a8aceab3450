import { theme as antdTheme, type ThemeConfig } from 'antd';

export const BRAND_COLOR = '#4f46e5';
/** Where the sign-in page's brand panel fades to from BRAND_COLOR. */
export const BRAND_DEEP_COLOR = '#1e1b4b';
/**
 * Hovered and pressed, brand-coloured controls turn darker, not lighter (antd's default): white
 * on them, and they as text on white, keep a 4.5:1 contrast.
 */
const BRAND_HOVER_COLOR = '#4338ca';
const BRAND_ACTIVE_COLOR = '#3730a3';

const palette = antdTheme.getDesignToken();
/**
 * WCAG AA (4.5:1) for small text: antd's tertiary text (0.45 black), its error red and the 7th
 * shade of some preset colours, which tags write on their lightest shade, fall short. These are
 * the first darker shades that pass (checked by the axe test of the Chromium suite).
 */
const READABLE_TERTIARY_TEXT = 'rgba(0, 0, 0, 0.6)';
const READABLE_TAG_SHADE = { green: 8, orange: 8, volcano: 8, cyan: 8, gold: 9, lime: 9, yellow: 9 } as const;
const readableTagText = Object.fromEntries(
  Object.entries(READABLE_TAG_SHADE).map(([color, shade]) => [`${color}7`, palette[`${color as keyof typeof READABLE_TAG_SHADE}${shade}`]]),
);

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    colorLink: BRAND_COLOR,
    colorPrimaryHover: BRAND_HOVER_COLOR,
    colorPrimaryActive: BRAND_ACTIVE_COLOR,
    colorLinkHover: BRAND_HOVER_COLOR,
    colorLinkActive: BRAND_ACTIVE_COLOR,
    colorTextTertiary: READABLE_TERTIARY_TEXT,
    colorTextDescription: READABLE_TERTIARY_TEXT,
    colorError: palette.red7,
    // Keyboard focus on inputs, selects and date pickers: antd's ring is a pale tint (under 3:1);
    // a solid 2 px ring in the brand's colour shows where the keyboard is.
    controlOutline: BRAND_COLOR,
    controlOutlineWidth: 2,
    borderRadius: 8,
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
  components: { Tag: readableTagText },
};
