export { canonicalTimeZone } from '../config/time-zone.js';
export { HomeSettings } from './service.js';
export type { HomeSettingKey, HomeSettingsPatch, HomeSettingsView, SettingSource } from './types.js';
