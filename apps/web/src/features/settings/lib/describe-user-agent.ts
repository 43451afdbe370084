const BROWSERS: readonly (readonly [RegExp, string])[] = [
  // Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\bChromium\//, 'Chromium'],
  [/\b(?:Chrome|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  // Before Mac OS X and Linux: iOS says "like Mac OS X", Android and ChromeOS say Linux.
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (ua: string, table: typeof BROWSERS) => table.find(([pattern]) => pattern.test(ua))?.[1];

/** A short, human name for the device behind a session, such as "Chrome on Linux". */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim();
  if (!ua) return 'Unknown device';
  const browser = first(ua, BROWSERS);
  const system = first(ua, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `Browser on ${system}`;
  // Scripts and API clients (curl/8.5, node, PostmanRuntime/7) name themselves first.
  const product = /^([A-Za-z][\w.-]{0,30})/.exec(ua)?.[1];
  return product ?? 'Unknown device';
}
