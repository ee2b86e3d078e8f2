export { loadConfig, renderConfigTable, ConfigError, type ConfigSources } from './load.js';
export { SETTINGS, type Config, type Role, type LogLevel, type SettingSpec } from './schema.js';
