// Loaded into the api by the dialer bench (node --import): every garbage collection's pause, as a
// JSON line in the file BENCH_GC_LOG names, for the bench to read over the flood's window. Plain
// JavaScript, so it loads before tsx does; the api itself knows nothing of it.
import fs from 'node:fs';
import { PerformanceObserver, constants } from 'node:perf_hooks';

const file = process.env.BENCH_GC_LOG;
if (file) {
  const fd = fs.openSync(file, 'a');
  const KINDS = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'young',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'full',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak',
  };
  new PerformanceObserver((list) => {
    let lines = '';
    for (const entry of list.getEntries())
      lines += `${JSON.stringify({
        at: performance.timeOrigin + entry.startTime,
        ms: entry.duration,
        kind: KINDS[entry.detail?.kind] ?? 'other',
      })}\n`;
    fs.writeSync(fd, lines);
  }).observe({ entryTypes: ['gc'] });
}
