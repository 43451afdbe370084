/*
 * Whether this tab has a live-event stream open, kept apart from the stream's code (live-events.ts) so a page
 * can ask without downloading it: while one is open, a page need not poll for what it would push.
 */
let connectedStreams = 0;

export const liveEventsConnected = (): boolean => connectedStreams > 0;

export function countConnectedStream(change: 1 | -1): void {
  connectedStreams += change;
}
