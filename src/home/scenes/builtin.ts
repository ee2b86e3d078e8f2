import type { SceneAction } from './types.js';

/**
 * The four built-in scenes of §2.5, as target rules resolved at activation (by domain, area
 * and labels) so they fit any home. Editable; `POST /api/home/scenes/{id}/reset` restores these.
 */
export const BUILTIN_SCENES: { id: string; name: string; actions: SceneAction[] }[] = [
  {
    id: 'good-morning',
    name: 'Good Morning',
    actions: [
      {
        target: { domain: 'light', exclude_labels: ['tv_backlight'] },
        action: 'on',
        brightness: 80,
        kelvin: 2700,
      },
      { target: { domain: 'cover' }, action: 'open' },
      { target: { label: 'coffee_machine' }, action: 'on' },
    ],
  },
  {
    id: 'movie-night',
    name: 'Movie Night',
    actions: [
      {
        target: { domain: 'light', area: 'living_room', exclude_labels: ['tv_backlight'] },
        action: 'dim',
        brightness: 20,
      },
      { target: { label: 'tv_backlight' }, action: 'on' },
      { target: { domain: 'cover', area: 'living_room' }, action: 'close' },
    ],
  },
  {
    id: 'good-night',
    name: 'Good Night',
    actions: [
      { target: { domain: 'light' }, action: 'off' },
      { target: { domain: 'lock' }, action: 'lock' },
      { target: { domain: 'alarm_control_panel' }, action: 'arm_night' },
    ],
  },
  {
    id: 'away',
    name: 'Away',
    actions: [
      { target: { domain: 'light' }, action: 'off' },
      { target: { domain: 'climate' }, action: 'set_preset', preset: 'eco' },
      { target: { domain: 'camera' }, action: 'start_recording' },
    ],
  },
];
