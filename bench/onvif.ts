// ONVIF cameras against the simulator (src/integrations/onvif/simulator.ts): goto_preset
// command → confirmed latency (the camera's PTZ GetStatus confirms), and motion event → the
// binary sensor's state_changed on a Socket.IO client (pull point → Hearth → socket), p50/p99.
// Run: nice node --import tsx bench/onvif.ts   (ONVIF_BENCH_N=100 commands, 200 motion changes)
import { io } from 'socket.io-client';
import { OnvifCameraSimulator } from '../src/integrations/onvif/simulator.js';
import { startTestApp, withUsers } from '../src/test-support/harness.js';

const N = Number(process.env.ONVIF_BENCH_N ?? 100);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const round = (n: number) => Math.round(n * 10) / 10;

const cam = new OnvifCameraSimulator({ password: 'bench-pass', name: 'Bench Cam', serial: 'BENCH1' });
cam.moveMs = Number(process.env.ONVIF_BENCH_MOVE_MS ?? 150);
await cam.start();
// Default timings (poll 15 s, timeout 5 s); no per-user command rate limit for back-to-back commands.
const t = await startTestApp({ config: { command_rate_user: 0 } });
const { adminToken: token } = await withUsers(t);
const paired = await t.api('POST', '/api/home/integrations/onvif/pair', {
  token,
  body: { address: cam.address, username: 'admin', password: 'bench-pass' },
});
if (paired.status !== 201) throw new Error(JSON.stringify(paired.body));
while (cam.subscriptionCount === 0) await new Promise((r) => setTimeout(r, 20));

// 1. goto_preset → confirmed
const presets = ['Driveway', 'Garden gate'];
const ms: number[] = [];
let confirmed = 0;
for (let i = 0; i < N; i++) {
  const start = performance.now();
  const res = await t.api<{ outcome?: string }>('POST', '/api/home/control', {
    token,
    body: { entity_id: 'camera.bench_cam', action: 'goto_preset', preset: presets[i % 2] },
  });
  ms.push(performance.now() - start);
  if (res.body.outcome === 'confirmed') confirmed++;
}
console.log(
  JSON.stringify({
    goto_preset: {
      n: N,
      confirmed,
      move_ms: cam.moveMs,
      p50_ms: round(pct(ms, 50)),
      p99_ms: round(pct(ms, 99)),
    },
  }),
);

// 2. motion event → binary sensor state_changed on a socket
const socket = io(t.url, { auth: { token }, transports: ['websocket'], forceNew: true });
await new Promise<void>((r) => socket.on('connect', () => r()));
await socket.emitWithAck('subscribe', { entity_ids: ['binary_sensor.bench_cam_motion'] });
const motion: number[] = [];
for (let i = 0; i < 2 * N; i++) {
  const on = i % 2 === 0;
  const seen = new Promise<void>((resolve) => {
    const onChange = (e: { entity_id: string; new_state?: { state?: unknown }; state?: unknown }) => {
      const state = e.new_state?.state ?? e.state;
      if (e.entity_id === 'binary_sensor.bench_cam_motion' && state === (on ? 'on' : 'off')) {
        socket.off('state_changed', onChange);
        resolve();
      }
    };
    socket.on('state_changed', onChange);
  });
  const start = performance.now();
  cam.motion(on);
  await seen;
  motion.push(performance.now() - start);
}
console.log(
  JSON.stringify({
    motion_to_sensor: { n: motion.length, p50_ms: round(pct(motion, 50)), p99_ms: round(pct(motion, 99)) },
  }),
);
socket.close();
await t.stop();
await cam.stop();
process.exit(0);
