import { join } from 'node:path';
import type { TimerHandle } from '../../clock.js';
import { Errors } from '../../errors.js';
import type { CameraPictures, IntegrationHost } from '../../home/integration.js';
import { LocalDeviceIntegration } from '../local/devices.js';
import { timingOf } from '../local/session.js';
import type { PairableDeps } from '../pairing/catalogue.js';
import { probeOnvif } from './probe.js';
import { CameraSession } from './session.js';
import { SnapshotStore } from './snapshots.js';

const HOUR_MS = 3_600_000;

/**
 * ONVIF cameras by address (Profile S: device information, media profiles, snapshot and RTSP
 * URIs, pull-point motion events, PTZ presets) through the `onvif` package; motion snapshots kept
 * in the integration's private directory, bounded by `HEARTH_CAMERA_SNAPSHOTS_MAX` and
 * `HEARTH_CAMERA_SNAPSHOT_DAYS`.
 */
export class OnvifIntegration extends LocalDeviceIntegration {
  readonly cameras: CameraPictures;
  private readonly store: SnapshotStore;
  private pruneTimer: TimerHandle | undefined;

  constructor(private readonly onvifDeps: PairableDeps) {
    const timing = timingOf(onvifDeps.config);
    const sessions = new Map<string, CameraSession>();
    const me: { integration?: OnvifIntegration } = {};
    const store = new SnapshotStore(join(onvifDeps.storage.dir, 'snapshots'), onvifDeps.clock, () => ({
      max: onvifDeps.config.camera_snapshots_max,
      days: onvifDeps.config.camera_snapshot_days,
    }));
    super(
      {
        id: 'onvif',
        name: 'ONVIF cameras',
        probe: async (req, progress, signal) => {
          const found = await probeOnvif(req, progress, signal, timing.timeoutMs);
          // Added again (a new address or password): it stays active if it was.
          if (me.integration?.savedDevice(found.id)?.data.active === true) found.data.active = true;
          return found;
        },
        open: (ctx) => {
          const session: CameraSession = new CameraSession(ctx, timing, store, () => {
            if (sessions.get(ctx.saved.id) === session) sessions.delete(ctx.saved.id);
          });
          sessions.set(ctx.saved.id, session);
          return session;
        },
      },
      onvifDeps,
    );
    this.store = store;
    me.integration = this;
    const sessionOf = (uniqueId: string) => {
      const [device, part] = uniqueId.split('/');
      return part === 'camera' ? sessions.get(device!) : undefined;
    };
    this.cameras = {
      snapshot: async (uniqueId) => {
        const s = sessionOf(uniqueId);
        if (!s) throw Errors.notFound('Camera', uniqueId);
        return s.snapshot();
      },
      motionSnapshots: (uniqueId) => (sessionOf(uniqueId) ? store.list(uniqueId.split('/')[0]!) : undefined),
      motionSnapshot: (uniqueId, id) =>
        sessionOf(uniqueId) ? store.read(uniqueId.split('/')[0]!, id) : undefined,
    };
  }

  override async start(host: IntegrationHost) {
    await super.start(host);
    this.prune();
  }

  override async stop() {
    if (this.pruneTimer) this.onvifDeps.clock.clearTimeout(this.pruneTimer);
    this.pruneTimer = undefined;
    await super.stop();
  }

  /** A removed camera's snapshots go with it. */
  override async unpair(deviceId: string) {
    await super.unpair(deviceId);
    this.store.removeCamera(deviceId);
  }

  private prune() {
    const removed = this.store.pruneAll();
    if (removed) this.onvifDeps.log.info({ removed }, 'old motion snapshots deleted');
    this.pruneTimer = this.onvifDeps.clock.setTimeout(() => this.prune(), HOUR_MS);
  }
}

export function createOnvif(deps: PairableDeps) {
  return new OnvifIntegration(deps);
}
