// Preloaded into the app under load (node --import): samples the main thread's event-loop delay, and on
// SIGUSR2 writes p50/p99/max (ms) since the previous signal to BENCH_LOOP_DELAY_FILE, then starts again.
// It shows how long a request waits behind work that blocks the loop (PGlite's queries, JSON, GC).
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns) => Number((ns / 1e6).toFixed(1));
    writeFileSync(
      file,
      JSON.stringify({ p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) }),
    );
    histogram.reset();
  });
}
