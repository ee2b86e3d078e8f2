/**
 * The home's settings on the wire: what `GET /api/settings` answers, a change an admin sends,
 * and where each value comes from. Types only (the dashboard imports them).
 */

export type HomeSettingKey = 'time_zone' | 'latitude' | 'longitude';

/** Where an effective value comes from: saved in the dashboard, the environment/config file, or neither. */
export type SettingSource = 'settings' | 'config' | 'system' | 'unset';

export interface HomeSettingsView {
  time_zone: string;
  latitude: number | null;
  longitude: number | null;
  sources: Record<HomeSettingKey, SettingSource>;
}

/** A change: a value saves it, `null` clears the saved value (back to the config default), absent leaves it. */
export type HomeSettingsPatch = Partial<{
  time_zone: string | null;
  latitude: number | null;
  longitude: number | null;
}>;
