/** Fills a CloudDrivePaths template (`{id}`, `{connectionId}`, `{provider}`) with URL-safe values. */
export const fillPath = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
