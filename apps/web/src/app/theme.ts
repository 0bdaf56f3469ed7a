import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * Mantine's palettes with the shades that carry text darkened just enough for WCAG 2.1 AA (issue 15,
 * decision 0037). Shades 0–5 (backgrounds, borders) are Mantine's own. In each colour:
 * - 7 is the filled button, badge and anchor colour and `c="red"` text: white on it, and it on the page's
 *   gray 0/1 backgrounds, reach 4.5:1;
 * - 8 (the filled hover) is darker still;
 * - 9 is the text of the light variant (badges, avatars, alerts, the active menu item): 4.5:1 on shades 1
 *   and 2 (its background and its hover);
 * - 6 reaches 3:1 on white, for icons and outlines.
 * Gray 6 is the dimmed text: 4.5:1 on white and on gray 0, 1 and 2. The hues stay Mantine's: each shade is
 * the original scaled towards black, so the app looks the same, a little deeper.
 */
// prettier-ignore
export const PALETTES = {
  gray: ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#646a70', '#495057', '#343a40', '#212529'],
  red: ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#fa5252', '#ce3535', '#bd2929', '#b02525'],
  orange: ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#e17012', '#ba4e05', '#ac4209', '#a7370c'],
  yellow: ['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419', '#bd8504', '#996300', '#915500', '#904a00'],
  green: ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#36a34a', '#277f37', '#227231', '#216a30'],
  teal: ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#10a377', '#097e5b', '#077151', '#07694c'],
  blue: ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0', '#228be6', '#1971c1', '#1665ae', '#165b9c'],
  grape: ['#f8f0fc', '#f3d9fa', '#eebefa', '#e599f7', '#da77f2', '#cc5de8', '#be4bdb', '#aa3cc4', '#9935b1', '#862e9c'],
  cyan: ['#e3fafc', '#c5f6fa', '#99e9f2', '#66d9e8', '#3bc9db', '#22b8cf', '#139db1', '#0d7a8b', '#0a6d7d', '#0a6576'],
} satisfies Record<string, MantineColorsTuple>;

/** Placeholders (and the date pickers' "Oricând") in the dimmed gray instead of gray 5 (2:1 on white). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-placeholder': 'var(--mantine-color-gray-6)' },
  dark: {},
});

/** The date pickers' arrows and level buttons, named in Romanian (Mantine leaves them unnamed). */
export const CALENDAR_LABELS = {
  previousMonth: 'Luna anterioară',
  nextMonth: 'Luna următoare',
  previousYear: 'Anul anterior',
  nextYear: 'Anul următor',
  previousDecade: 'Deceniul anterior',
  nextDecade: 'Deceniul următor',
  monthLevelControl: 'Alegeți luna',
  yearLevelControl: 'Alegeți anul',
};

/** A calm clinical look: teal accents on light neutrals, comfortable radius, visible keyboard focus. */
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 7, dark: 5 },
  colors: PALETTES,
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
    // Every close button, password toggle and date picker arrow is named for screen readers, in Romanian.
    Modal: {
      defaultProps: {
        radius: 'lg',
        overlayProps: { backgroundOpacity: 0.45 },
        closeButtonProps: { 'aria-label': 'Închide fereastra' },
      },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Închide fereastra' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Închide notificarea' } } },
    // Mantine's own name for it is English ('Toggle password visibility').
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Arată parola' } } },
    DatePickerInput: { defaultProps: { ariaLabels: CALENDAR_LABELS } },
    DateTimePicker: { defaultProps: { ariaLabels: CALENDAR_LABELS } },
    DatePicker: { defaultProps: { ariaLabels: CALENDAR_LABELS } },
    DateInput: { defaultProps: { ariaLabels: CALENDAR_LABELS } },
    Tooltip: { defaultProps: { openDelay: 400 } },
  },
});
