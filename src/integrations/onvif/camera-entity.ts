import type { EntityAnnouncement } from '../../home/integration.js';
import type { SavedDevice } from '../local/devices.js';
import type { CameraData } from './session.js';

/**
 * A camera as Hearth announces it: recording on motion when it sends motion events, PTZ presets
 * as `goto_preset`, and its stream address without the credentials a camera may put into it.
 */
export function cameraEntity(saved: SavedDevice, data: CameraData): EntityAnnouncement {
  const presets = data.presets.map((p) => p.name);
  const actions = [
    ...(data.events ? ['start_recording', 'stop_recording'] : []),
    ...(presets.length ? ['goto_preset'] : []),
  ];
  return {
    unique_id: `${saved.id}/camera`,
    device_id: saved.id,
    domain: 'camera',
    name: saved.name,
    capabilities: { actions, ...(presets.length ? { presets } : {}) },
    attributes: {
      brand: saved.manufacturer,
      model: saved.model,
      ptz: data.ptz,
      motion_events: data.events,
      has_snapshot: data.snapshot_uri !== null,
      ...(data.stream_uri ? { stream_url: withoutCredentials(data.stream_uri) } : {}),
    },
  };
}

/** An RTSP URI without any user:password a camera might put into it. */
function withoutCredentials(uri: string): string {
  try {
    const u = new URL(uri);
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return uri.replace(/\/\/[^@/]*@/, '//');
  }
}
