export { HomeSettings, canonicalTimeZone, type HomeSettingsPatch, type HomeSettingsView, type SettingSource } from './service.js';
export type { HomeSettingKey } from './events.js';
