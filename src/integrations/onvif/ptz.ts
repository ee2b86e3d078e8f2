import type { Clock } from '../../clock.js';
import type { OnvifClient, OnvifPreset } from './client.js';

/** How close (in the camera's generic PTZ space, −1…1) a position must be to count as a preset's. */
const PRESET_TOLERANCE = 0.01;
/** How long a PTZ head may take to reach a preset before Hearth stops following it. */
const PTZ_FOLLOW_MS = 30_000;

/** The preset a PTZ head stands at, or null between presets. */
export function presetAt(presets: OnvifPreset[], pos: { x: number; y: number; zoom: number }): string | null {
  const near = (a: number, b: number) => Math.abs(a - b) <= PRESET_TOLERANCE;
  return (
    presets.find(
      (p) =>
        p.position &&
        near(p.position.x, pos.x) &&
        near(p.position.y, pos.y) &&
        near(p.position.zoom, pos.zoom),
    )?.name ?? null
  );
}

/**
 * Asks the head where it is until it stands at the preset: the camera's own word confirms.
 * Stops when the session moves on (`current` false) or after PTZ_FOLLOW_MS; `report` hears
 * where the head came to rest.
 */
export async function followToPreset(opts: {
  client: OnvifClient;
  profile: string;
  preset: OnvifPreset;
  presets: OnvifPreset[];
  clock: Clock;
  stepMs: number;
  current: () => boolean;
  report: (preset: string | null) => void;
}): Promise<void> {
  const { client, preset, clock, stepMs } = opts;
  const until = clock.now() + PTZ_FOLLOW_MS;
  // Asked soon at first (a fast head is there at once), then every `stepMs`.
  for (let attempt = 0; opts.current() && clock.now() < until; attempt++) {
    await new Promise<void>((r) => clock.setTimeout(r, Math.min(stepMs, 25 * 2 ** attempt)));
    let s;
    try {
      s = await client.ptzStatus(opts.profile);
    } catch {
      continue;
    }
    if (s.moving) continue;
    const at = presetAt(opts.presets, s);
    // A camera that gives no preset positions: standing still after the move is all it says.
    const arrived = preset.position ? at === preset.name : true;
    opts.report(arrived ? preset.name : at);
    return;
  }
}
