import type { HomeSettingKey, HomeSettingsView } from './types.js';

declare module '../bus.js' {
  interface EventMap {
    /**
     * The home's effective time zone or location changed (an admin saved or cleared a value):
     * time and solar triggers re-arm, conditions read the new values from then on.
     */
    settings_changed: HomeSettingsView & { changed: HomeSettingKey[] };
  }
}
