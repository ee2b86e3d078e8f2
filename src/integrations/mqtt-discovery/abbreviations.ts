/**
 * Home Assistant's MQTT discovery abbreviations (the subset of its table for the components
 * Hearth reads). Publishers with little memory (Tasmota, ESPHome, Shelly) send the short keys;
 * data, not code: a missing abbreviation is a missing row.
 */
export const ABBREVIATIONS: Record<string, string> = {
  act_t: 'action_topic', act_tpl: 'action_template',
  avty: 'availability', avty_mode: 'availability_mode', avty_t: 'availability_topic', avty_tpl: 'availability_template',
  bri_cmd_t: 'brightness_command_topic', bri_cmd_tpl: 'brightness_command_template', bri_scl: 'brightness_scale',
  bri_stat_t: 'brightness_state_topic', bri_val_tpl: 'brightness_value_template', bri: 'brightness',
  clr_temp_cmd_t: 'color_temp_command_topic', clr_temp_cmd_tpl: 'color_temp_command_template', clr_temp_stat_t: 'color_temp_state_topic',
  clr_temp_val_tpl: 'color_temp_value_template', clr_temp_k: 'color_temp_kelvin', clrm: 'color_mode', sup_clrm: 'supported_color_modes',
  cmd_t: 'command_topic', cmd_tpl: 'command_template', cmps: 'components',
  curr_temp_t: 'current_temperature_topic', curr_temp_tpl: 'current_temperature_template',
  dev: 'device', dev_cla: 'device_class', en: 'enabled_by_default', ent_cat: 'entity_category', ic: 'icon',
  fx_cmd_t: 'effect_command_topic', fx_list: 'effect_list', fx_stat_t: 'effect_state_topic',
  json_attr_t: 'json_attributes_topic', json_attr_tpl: 'json_attributes_template',
  max_mirs: 'max_mireds', min_mirs: 'min_mireds', max_kmw: 'max_kelvin', min_kmw: 'min_kelvin', max_temp: 'max_temp', min_temp: 'min_temp',
  mode_cmd_t: 'mode_command_topic', mode_cmd_tpl: 'mode_command_template', mode_stat_t: 'mode_state_topic', mode_stat_tpl: 'mode_state_template', modes: 'modes',
  name: 'name', obj_id: 'object_id', def_ent_id: 'default_entity_id', o: 'origin', opt: 'optimistic',
  pct_cmd_t: 'percentage_command_topic', pct_cmd_tpl: 'percentage_command_template', pct_stat_t: 'percentage_state_topic', pct_val_tpl: 'percentage_value_template',
  pl_avail: 'payload_available', pl_not_avail: 'payload_not_available', pl_cls: 'payload_close', pl_lock: 'payload_lock', pl_unlk: 'payload_unlock',
  pl_off: 'payload_off', pl_on: 'payload_on', pl_open: 'payload_open', pl_stop: 'payload_stop', p: 'platform',
  pos_clsd: 'position_closed', pos_open: 'position_open', pos_t: 'position_topic', pos_tpl: 'position_template',
  pr_mode_cmd_t: 'preset_mode_command_topic', pr_mode_cmd_tpl: 'preset_mode_command_template', pr_mode_stat_t: 'preset_mode_state_topic',
  pr_mode_val_tpl: 'preset_mode_value_template', pr_modes: 'preset_modes',
  rgb_cmd_t: 'rgb_command_topic', rgb_cmd_tpl: 'rgb_command_template', rgb_stat_t: 'rgb_state_topic', rgb_val_tpl: 'rgb_value_template',
  ret: 'retain', qos: 'qos', schema: 'schema',
  set_pos_t: 'set_position_topic', set_pos_tpl: 'set_position_template',
  spd_rng_max: 'speed_range_max', spd_rng_min: 'speed_range_min',
  stat_cla: 'state_class', stat_clsd: 'state_closed', stat_closing: 'state_closing', stat_off: 'state_off', stat_on: 'state_on',
  stat_open: 'state_open', stat_opening: 'state_opening', stat_stopped: 'state_stopped', stat_locked: 'state_locked',
  stat_unlocked: 'state_unlocked', stat_jam: 'state_jammed', stat_locking: 'state_locking', stat_unlocking: 'state_unlocking',
  stat_t: 'state_topic', stat_tpl: 'state_template', stat_val_tpl: 'state_value_template',
  temp_cmd_t: 'temperature_command_topic', temp_cmd_tpl: 'temperature_command_template', temp_stat_t: 'temperature_state_topic',
  temp_stat_tpl: 'temperature_state_template', temp_unit: 'temperature_unit', temp_step: 'temp_step', precision: 'precision',
  uniq_id: 'unique_id', unit_of_meas: 'unit_of_measurement', val_tpl: 'value_template',
  xy_cmd_t: 'xy_command_topic', xy_stat_t: 'xy_state_topic', xy_val_tpl: 'xy_value_template',
  hs_cmd_t: 'hs_command_topic', hs_stat_t: 'hs_state_topic', hs_val_tpl: 'hs_value_template',
  on_cmd_type: 'on_command_type',
};

/** Keys inside `device` (`dev`). */
export const DEVICE_ABBREVIATIONS: Record<string, string> = {
  cns: 'connections', ids: 'identifiers', name: 'name', mf: 'manufacturer', mdl: 'model', mdl_id: 'model_id',
  hw: 'hw_version', sw: 'sw_version', sa: 'suggested_area', sn: 'serial_number', via_device: 'via_device', cu: 'configuration_url',
};

/** Keys inside each `availability` (`avty`) entry. */
export const AVAILABILITY_ABBREVIATIONS: Record<string, string> = {
  t: 'topic', pl_avail: 'payload_available', pl_not_avail: 'payload_not_available', val_tpl: 'value_template', topic: 'topic',
};
