/** The rate-limit wording of spec social.md §8, by the window that was exceeded. */
export type RateLimitWindow = 'minute' | 'hour' | 'day';

export function rateLimitMessage(service: string, window: RateLimitWindow, retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  switch (window) {
    case 'minute':
      return `Rate limit exceeded for ${service}. Try again in ${seconds} seconds.`;
    case 'hour':
      return `Hourly rate limit exceeded for ${service}. Try again in ${Math.ceil(seconds / 60)} minutes.`;
    case 'day':
      return `Daily rate limit exceeded for ${service}. Try again in ${Math.ceil(seconds / 3600)} hours.`;
  }
}
