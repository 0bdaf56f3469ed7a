import { describe, expect, it } from 'vitest';
import { CALENDAR_LABELS, PALETTES, theme } from './theme';

/** WCAG 2.1 relative luminance of '#rrggbb'. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.1 contrast ratio of two '#rrggbb' colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const WHITE = '#ffffff';
const { gray } = PALETTES;
const COLOURS = Object.entries(PALETTES).filter(([name]) => name !== 'gray');

describe('the theme meets WCAG 2.1 AA contrast (issue 15)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast(WHITE, '#000000')).toBeCloseTo(21);
    expect(contrast('#868e96', WHITE)).toBeCloseTo(3.32, 2); // Mantine's own dimmed gray: too light
  });

  it('uses its own palettes for every colour it darkens', () => {
    expect(theme.colors).toBe(PALETTES);
    expect(theme.primaryColor).toBe('teal');
    expect(theme.primaryShade).toEqual({ light: 7, dark: 5 });
  });

  it.each([WHITE, gray[0], gray[1], gray[2]])('dimmed text (gray 6) reads on %s', (background) => {
    expect(contrast(gray[6], background)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(COLOURS)(
    '%s: white on filled (7, 8) and filled as text on white, gray 0 and gray 1',
    (_, shades) => {
      for (const filled of [shades[7], shades[8]]) {
        for (const background of [WHITE, gray[0], gray[1]]) {
          expect(contrast(filled, background)).toBeGreaterThanOrEqual(4.5);
        }
      }
    },
  );

  it.each(COLOURS)('%s: the light variant text (9) on its background (1) and hover (2)', (_, shades) => {
    expect(contrast(shades[9], shades[1])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shades[9], shades[2])).toBeGreaterThanOrEqual(4.5);
  });

  it.each(COLOURS)('%s: shade 6 (icons, outlines) reaches 3:1 on white', (_, shades) => {
    expect(contrast(shades[6], WHITE)).toBeGreaterThanOrEqual(3);
  });

  it('names the icon buttons Mantine draws itself in Romanian', () => {
    const props = (component: string) => theme.components?.[component]?.defaultProps;
    expect(props('Modal')).toMatchObject({ closeButtonProps: { 'aria-label': 'Închide fereastra' } });
    expect(props('Drawer')).toMatchObject({ closeButtonProps: { 'aria-label': 'Închide fereastra' } });
    expect(props('Notification')).toMatchObject({
      closeButtonProps: { 'aria-label': 'Închide notificarea' },
    });
    expect(props('PasswordInput')).toMatchObject({
      visibilityToggleButtonProps: { 'aria-label': 'Arată parola' },
    });
    for (const picker of ['DatePickerInput', 'DateTimePicker', 'DatePicker', 'DateInput']) {
      expect(props(picker)).toMatchObject({ ariaLabels: CALENDAR_LABELS });
    }
    expect(Object.keys(CALENDAR_LABELS)).toHaveLength(8);
  });
});
