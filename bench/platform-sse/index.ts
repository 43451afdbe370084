// `npm run bench -- platform-sse`: the SSE fan-out of bench/platform/sse.ts on its own (bench/platform's
// index runs it with the other platform benchmarks). Exits 1 over budget.
import { benchSseFanOut } from '../platform/sse.js';

if (!(await benchSseFanOut())) process.exit(1);
