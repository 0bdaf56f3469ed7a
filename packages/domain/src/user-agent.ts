/**
 * A browser's User-Agent as a person reads it: 'Chrome pe Windows', 'Safari pe iPad'. Only the common
 * browsers and systems a clinic uses are named; anything else is 'Browser necunoscut'. Pure.
 */

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari, Android also says Linux.
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\/\d/, 'Edge'],
  [/\b(?:OPR|Opera)\/\d/, 'Opera'],
  [/\bSamsungBrowser\/\d/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/\d/, 'Firefox'],
  [/\b(?:Chrome|Chromium|CriOS)\/\d/, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/\d/, 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\biPad\b/, 'iPad'],
  [/\biPhone\b/, 'iPhone'],
  [/\bAndroid\b.*\bMobile\b/, 'telefon Android'],
  [/\bAndroid\b/, 'tabletă Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  // iPadOS 13+ asks for the desktop site and says Macintosh.
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function firstMatch(text: string, table: readonly (readonly [RegExp, string])[]): string | null {
  return table.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

export function describeUserAgent(userAgent: string): string {
  const browser = firstMatch(userAgent, BROWSERS);
  const system = firstMatch(userAgent, SYSTEMS);
  if (browser && system) return `${browser} pe ${system}`;
  return browser ?? (system ? `Browser pe ${system}` : 'Browser necunoscut');
}
