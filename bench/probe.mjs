// Preloaded into the Hearth process by the load and soak benches (`node --import ./bench/probe.mjs`):
// every HEARTH_PROBE_EVERY_MS (default 1000) it appends one JSON line to HEARTH_PROBE_FILE with
// RSS, heap and the event-loop delay over the interval; on SIGUSR2 it runs a full GC first (needs
// --expose-gc) and writes a line with `after_gc: true`. Bench-only; the service never loads it.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.HEARTH_PROBE_FILE;
if (file) {
  const every = Number(process.env.HEARTH_PROBE_EVERY_MS ?? 1000);
  let h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const line = (extra = {}) => {
    const m = process.memoryUsage();
    appendFileSync(
      file,
      JSON.stringify({
        t: Date.now(),
        rss_mb: +(m.rss / 1048576).toFixed(1),
        heap_used_mb: +(m.heapUsed / 1048576).toFixed(1),
        heap_total_mb: +(m.heapTotal / 1048576).toFixed(1),
        external_mb: +(m.external / 1048576).toFixed(1),
        array_buffers_mb: +(m.arrayBuffers / 1048576).toFixed(1),
        eld_p50_ms: +(h.percentile(50) / 1e6).toFixed(2),
        eld_p99_ms: +(h.percentile(99) / 1e6).toFixed(2),
        eld_max_ms: +(h.max / 1e6).toFixed(2),
        ...extra,
      }) + '\n',
    );
    h.disable();
    h = monitorEventLoopDelay({ resolution: 10 });
    h.enable();
  };
  setInterval(line, every).unref();
  process.on('SIGUSR2', () => {
    if (typeof globalThis.gc === 'function') {
      globalThis.gc();
      globalThis.gc();
    }
    line({ after_gc: true });
  });
}
