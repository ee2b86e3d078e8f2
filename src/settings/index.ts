export { canonicalTimeZone } from '../config/time-zone.js';
export {
  HomeSettings,
  type HomeSettingsPatch,
  type HomeSettingsView,
  type SettingSource,
} from './service.js';
export type { HomeSettingKey } from './events.js';
