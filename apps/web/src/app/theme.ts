import { createTheme } from '@mantine/core';

/** A calm clinical look: teal accents on light neutrals, comfortable radius, visible keyboard focus. */
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  focusRing: 'auto',
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontWeight: '650',
    sizes: { h1: { fontSize: '1.6rem', lineHeight: '1.3' } },
  },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Modal: { defaultProps: { radius: 'lg', overlayProps: { backgroundOpacity: 0.45, blur: 2 } } },
    Tooltip: { defaultProps: { openDelay: 400 } },
  },
});
