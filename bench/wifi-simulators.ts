// Child process of bench/wifi.ts: N Shelly Gen2 simulators on 127.0.0.1, each changing its
// power reading (a NotifyStatus push) every `pushEvery` seconds. Prints the addresses as JSON.
import { PROFILES, ShellyGen2Simulator } from '../src/integrations/shelly/simulator-gen2.js';

const n = Number(process.argv[2] ?? 200);
const pushEvery = Number(process.argv[3] ?? 10);
const sims: ShellyGen2Simulator[] = [];
for (let i = 0; i < n; i++) {
  const s = new ShellyGen2Simulator(PROFILES.plus1pm, undefined, `shellyplus1pm${i}`);
  await s.start();
  sims.push(s);
}
sims.forEach((s, i) =>
  setTimeout(
    () =>
      setInterval(
        () => s.change('switch:0', { apower: Math.round(Math.random() * 2000) / 10 }),
        pushEvery * 1000,
      ),
    (i * pushEvery * 1000) / n,
  ),
);
process.stdout.write(JSON.stringify(sims.map((s) => s.address)) + '\n');
process.on('message', (m) => {
  if (m === 'stop')
    void (async () => {
      for (const s of sims) await s.stop();
      process.exit(0);
    })();
});
