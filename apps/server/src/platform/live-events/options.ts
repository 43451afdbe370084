/** The knobs of GET /api/events; tests shorten them through AppOptions.liveEvents. */
export interface LiveEventsOptions {
  /** A comment line this often keeps proxies and the socket timeout from ending an idle stream. */
  heartbeatMs: number;
  /** Every open stream's session or token is checked this often (the backstop to revocation notices). */
  revalidateMs: number;
  /** More streams than this for one user are refused with a 429 (about one per open tab). */
  maxStreamsPerUser: number;
  /** A client that leaves more than this unread is dropped (it reconnects and resumes). */
  maxBufferedBytes: number;
  /** The most events one replay sends. */
  replayLimit: number;
}

export const DEFAULT_LIVE_EVENTS_OPTIONS: LiveEventsOptions = {
  heartbeatMs: 25_000,
  revalidateMs: 60_000,
  maxStreamsPerUser: 10,
  maxBufferedBytes: 1024 * 1024,
  replayLimit: 1_000,
};
