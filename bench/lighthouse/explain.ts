// Why a Lighthouse run scored as it did: Lighthouse does not load the page slowly, it simulates a phone on slow
// 4G (Lantern) from one fast load. This replays that simulation from a run's saved artifacts and prints what the
// simulated LCP waited for (each request and main-thread task on its graph, with its simulated start and end)
// and the tasks that count as blocking time. Decision 040 found its answers this way: requests wait for one of
// HTTP/1.1's six connections and share the bandwidth, scripts wait for the task that parsed them, and a task's
// real time counts four times over.
//
//   LIGHTHOUSE_PAGES=library LIGHTHOUSE_REPORTS=/tmp/lh npm run bench -- lighthouse
//   cd bench && npx tsx lighthouse/explain.ts /tmp/lh/4-_books.artifacts.json
import { readFileSync } from 'node:fs';
// Lighthouse's own computed artifacts, as its audits use them; they are plain JavaScript with loose types.
import { LanternInteractive } from 'lighthouse/core/computed/metrics/lantern-interactive.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { defaultSettings } from 'lighthouse/core/config/constants.js';

interface TraceEvent {
  name: string;
  dur?: number;
  args?: { data?: { url?: string } };
}
interface GraphNode {
  type: 'network' | 'cpu';
  startTime: number;
  endTime: number;
  request?: { url: string; transferSize: number };
  childEvents?: TraceEvent[];
}
interface Timing {
  startTime: number;
  endTime: number;
  duration: number;
}
interface Estimate {
  timing: number;
  nodeTimings: Map<GraphNode, Timing>;
}
interface Metric {
  timing: number;
  pessimisticEstimate: Estimate;
}
type Computed = { request(data: unknown, context: unknown): Promise<Metric> };

const file = process.argv[2];
if (!file) {
  console.error('usage: tsx lighthouse/explain.ts <n-page.artifacts.json from LIGHTHOUSE_REPORTS>');
  process.exit(2);
}
const artifacts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const context = { computedCache: new Map(), settings: defaultSettings };
const data = {
  trace: artifacts.Trace,
  devtoolsLog: artifacts.DevtoolsLog,
  gatherContext: artifacts.GatherContext,
  settings: { ...defaultSettings, throttlingMethod: 'simulate' },
  URL: artifacts.URL,
  SourceMaps: artifacts.SourceMaps ?? [],
  simulator: null,
};

const ms = (n: number) => String(Math.round(n)).padStart(5);
const what = (node: GraphNode) => {
  if (node.request) return `${node.request.url.replace(/^https?:\/\/[^/]+/, '')} (${node.request.transferSize} B)`;
  const real = (node.endTime - node.startTime) / 1000;
  const inside = (node.childEvents ?? [])
    .filter((e) => (e.dur ?? 0) > 2000)
    .slice(0, 4)
    .map((e) => `${e.name}${e.args?.data?.url ? `(${e.args.data.url.split('/').pop()})` : ''}`);
  return `task, ${real.toFixed(1)} ms real: ${inside.join(', ')}`;
};

const lcp = await (LanternLargestContentfulPaint as unknown as Computed).request(data, context);
console.log(`simulated LCP ${Math.round(lcp.timing)} ms; its graph (pessimistic), by simulated start:`);
for (const [node, t] of [...lcp.pessimisticEstimate.nodeTimings].sort((a, b) => a[1].startTime - b[1].startTime)) {
  console.log(`${ms(t.startTime)} ${ms(t.endTime)}  ${node.type.padEnd(7)} ${what(node)}`);
}

const tti = await (LanternInteractive as unknown as Computed).request(data, context);
console.log(`\nsimulated TTI ${Math.round(tti.timing)} ms; tasks over 50 ms simulated (blocking time = the excess):`);
for (const [node, t] of [...tti.pessimisticEstimate.nodeTimings]
  .filter(([node, t]) => node.type === 'cpu' && t.duration > 50)
  .sort((a, b) => a[1].startTime - b[1].startTime)) {
  console.log(`${ms(t.startTime)} ${ms(t.duration)}  ${what(node)}`);
}
