/*
 * The one performance rule the web app's first download needs, in a module of its own: the bundler places a
 * shared module whole in the first chunk that uses it, so the rest of the rules stay in the lazy chunks.
 */

/** Sampling 0.1 (spec core.md §9): one session in ten reports. */
export const PERFORMANCE_SAMPLE_RATE = 0.1;

/**
 * Whether this session reports. `random` is Math.random() in the browser; deciding before the reporter is
 * imported keeps nine sessions in ten from downloading it at all.
 */
export const isSampledSession = (random: number, rate: number = PERFORMANCE_SAMPLE_RATE) => random < rate;
