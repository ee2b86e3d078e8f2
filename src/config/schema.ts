/**
 * Every setting Hearth understands, defined once. Types, defaults, validation, the config-file
 * keys and the README table all come from this list.
 */

export type SettingType =
  | { kind: 'string' }
  /** An IANA zone name Intl knows (stored as Intl spells it). */
  | { kind: 'time_zone' }
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'boolean' }
  /** An absolute URL with one of these schemes (`mqtt:` …); its text is never echoed (it may hold a password). */
  | { kind: 'url'; protocols: readonly string[] }
  | { kind: 'enum'; values: readonly string[] };

export interface SettingSpec {
  /** Key in the config file and in `Config`. */
  key: keyof Config;
  env: string;
  type: SettingType;
  /** `undefined` means "not set" (the feature it drives is off or derived at start). */
  default: string | number | boolean | undefined;
  doc: string;
}

export type Role = 'home' | 'license-server';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  host: string;
  port: number;
  data_dir: string;
  log_level: LogLevel;
  log_format: 'auto' | 'json' | 'pretty';
  role: Role;
  body_limit: number;
  history_days: number;
  cors_origins: string | undefined;
  session_hours: number;
  session_idle_days: number | undefined;
  audit_days: number;
  command_rate_user: number;
  command_rate_socket: number;
  backup_dir: string | undefined;
  backup_keep: number;
  backup_hour: number;
  public_url: string | undefined;
  demo: boolean;
  time_zone: string | undefined;
  latitude: number | undefined;
  longitude: number | undefined;
  presence_leave_delay: number;
  mqtt_url: string | undefined;
  mqtt_username: string | undefined;
  mqtt_password: string | undefined;
  mqtt_client_id: string | undefined;
  mqtt_ca_file: string | undefined;
  mqtt_cert_file: string | undefined;
  mqtt_key_file: string | undefined;
  mqtt_broker_host: string;
  mqtt_broker_port: number | undefined;
  mqtt_broker_username: string | undefined;
  mqtt_broker_password: string | undefined;
  zigbee2mqtt_base_topics: string;
  zwave_prefix: string;
  zwave_gateway: string;
  mqtt_discovery_prefix: string;
  demo_transport: 'mqtt' | 'in-process';
  matter: 'on' | 'off';
  matter_interface: string | undefined;
  discovery: 'on' | 'off';
  matter_bridge_port: number;
  wyoming_stt: string | undefined;
  llm_url: string | undefined;
  llm_model: string;
  llm_api_key: string | undefined;
  llm_timeout: number;
  wifi_poll_interval: number;
  wifi_timeout: number;
  camera_snapshots_max: number;
  camera_snapshot_days: number;
}

export const SETTINGS: readonly SettingSpec[] = [
  {
    key: 'host',
    env: 'HEARTH_HOST',
    type: { kind: 'string' },
    default: '0.0.0.0',
    doc: 'Address the HTTP and Socket.IO server binds to. All interfaces by default so phones and tablets on the LAN can reach it.',
  },
  {
    key: 'port',
    env: 'HEARTH_PORT',
    type: { kind: 'integer', min: 0, max: 65535 },
    default: 8420,
    doc: 'TCP port of the HTTP and Socket.IO server (0 picks a free port).',
  },
  {
    key: 'data_dir',
    env: 'HEARTH_DATA_DIR',
    type: { kind: 'string' },
    default: './data',
    doc: 'Directory for the SQLite database, the token signing key and other state. Back this up.',
  },
  {
    key: 'log_level',
    env: 'HEARTH_LOG_LEVEL',
    type: { kind: 'enum', values: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] },
    default: 'info',
    doc: 'Log verbosity. No level logs a password, token, key or invite code.',
  },
  {
    key: 'log_format',
    env: 'HEARTH_LOG_FORMAT',
    type: { kind: 'enum', values: ['auto', 'json', 'pretty'] },
    default: 'auto',
    doc: '`auto`: readable lines (`12:03:04.512 INFO  [mqtt] MQTT connected url=…`) when standard output is a terminal, JSON lines otherwise (journald, files, pipes); `json` or `pretty` to choose.',
  },
  {
    key: 'role',
    env: 'HEARTH_ROLE',
    type: { kind: 'enum', values: ['home', 'license-server'] },
    default: 'home',
    doc: '`home` runs the smart-home service; `license-server` serves `GET /install` and licenses for installers.',
  },
  {
    key: 'body_limit',
    env: 'HEARTH_BODY_LIMIT',
    type: { kind: 'integer', min: 1024, max: 64 * 1024 * 1024 },
    default: 1024 * 1024,
    doc: 'Largest accepted request body in bytes; bigger bodies get 413.',
  },
  {
    key: 'session_hours',
    env: 'HEARTH_SESSION_HOURS',
    type: { kind: 'integer', min: 1, max: 8760 },
    default: 12,
    doc: 'Lifetime of a session logged in without "remember me" (the dashboard\'s checkbox, `"remember": false` at login), in hours from the login; remembered sessions have no fixed lifetime (§5.5).',
  },
  {
    key: 'session_idle_days',
    env: 'HEARTH_SESSION_IDLE_DAYS',
    type: { kind: 'integer', min: 1, max: 3650 },
    default: undefined,
    doc: 'Sessions not used for this many days end, remembered or not (API tokens are not affected). Unset: no idle expiry, as the specification has it.',
  },
  {
    key: 'audit_days',
    env: 'HEARTH_AUDIT_DAYS',
    type: { kind: 'integer', min: 1, max: 3650 },
    default: 365,
    doc: 'Days the audit log (`GET /api/audit`) keeps its entries; older ones are deleted at the daily housekeeping.',
  },
  {
    key: 'cors_origins',
    env: 'HEARTH_CORS_ORIGINS',
    type: { kind: 'string' },
    default: undefined,
    doc: 'Web origins other than Hearth itself whose pages may call the API and Socket.IO from a browser, comma-separated (e.g. `https://panel.example.com,http://192.168.1.20:3000`). Unset: requests carrying any foreign `Origin` are refused with 403 `ORIGIN_NOT_ALLOWED`; requests without one (curl, scripts) are not affected.',
  },
  {
    key: 'command_rate_user',
    env: 'HEARTH_COMMAND_RATE_USER',
    type: { kind: 'integer', min: 0, max: 100_000 },
    default: 20,
    doc: 'Commands per second one user may send (control, scene activation, undo, chat, voice, running an automation; REST and Socket.IO together), with bursts of twice that; more get 429 `RATE_LIMITED`. 0: no limit. Automations the service runs itself are not counted.',
  },
  {
    key: 'command_rate_socket',
    env: 'HEARTH_COMMAND_RATE_SOCKET',
    type: { kind: 'integer', min: 0, max: 100_000 },
    default: 20,
    doc: 'Requests per second one Socket.IO connection may send (any request), with bursts of twice that; more are answered with the `RATE_LIMITED` error. 0: no limit.',
  },
  {
    key: 'history_days',
    env: 'HEARTH_HISTORY_DAYS',
    type: { kind: 'integer', min: 1, max: 3650 },
    default: 10,
    doc: 'Days of state history kept; older rows are deleted hourly so the database stays bounded.',
  },
  {
    key: 'backup_dir',
    env: 'HEARTH_BACKUP_DIR',
    type: { kind: 'string' },
    default: undefined,
    doc: 'Folder for the automatic backups (daily, and before every database migration). Unset: `backups/` in the data dir. Point it at another disk to survive the loss of the data disk.',
  },
  {
    key: 'backup_keep',
    env: 'HEARTH_BACKUP_KEEP',
    type: { kind: 'integer', min: 1, max: 365 },
    default: 7,
    doc: 'How many automatic backups are kept (the newest, daily and pre-migration ones together); older ones are deleted after each new one.',
  },
  {
    key: 'backup_hour',
    env: 'HEARTH_BACKUP_HOUR',
    type: { kind: 'integer', min: 0, max: 23 },
    default: 3,
    doc: 'Hour of the day (home time zone) of the daily automatic backup: a quiet hour.',
  },
  {
    key: 'demo',
    env: 'HEARTH_DEMO',
    type: { kind: 'boolean' },
    default: true,
    doc: 'Run the demo home (virtual lights, blinds, locks, sensors…) so a fresh install shows a working home with no hardware. Set `false` once real devices are connected.',
  },
  {
    key: 'public_url',
    env: 'HEARTH_PUBLIC_URL',
    type: { kind: 'string' },
    default: undefined,
    doc: 'Public base URL of this service (e.g. `https://hearth.example.com`): a license server writes it into the install script (unset: taken from the request); `hearth invite create` prints links with it (unset: `http://<hostname>:<port>`).',
  },
  {
    key: 'time_zone',
    env: 'HEARTH_TIME_ZONE',
    type: { kind: 'time_zone' },
    default: undefined,
    doc: "IANA time zone of the home (e.g. `Europe/Berlin`) for time triggers and conditions. Unset: the system's zone. A default: a zone saved on the Admin page (`PATCH /api/settings`) wins until cleared.",
  },
  {
    key: 'latitude',
    env: 'HEARTH_LATITUDE',
    type: { kind: 'number', min: -90, max: 90 },
    default: undefined,
    doc: 'Latitude of the home, for sunrise/sunset triggers and sun conditions. Unset: solar triggers do not fire (their trace says why). A default, like `time_zone`: a value saved on the Admin page wins until cleared.',
  },
  {
    key: 'longitude',
    env: 'HEARTH_LONGITUDE',
    type: { kind: 'number', min: -180, max: 180 },
    default: undefined,
    doc: 'Longitude of the home (see `latitude`).',
  },
  {
    key: 'presence_leave_delay',
    env: 'HEARTH_PRESENCE_LEAVE_DELAY',
    type: { kind: 'integer', min: 0, max: 3600 },
    default: 120,
    doc: 'Seconds a person must stay away before their state becomes `away` (arrival applies at once), so a phone briefly dropping off Wi-Fi does not trigger "everyone left".',
  },
  {
    key: 'demo_transport',
    env: 'HEARTH_DEMO_TRANSPORT',
    type: { kind: 'enum', values: ['mqtt', 'in-process'] },
    default: 'mqtt',
    doc: 'How the demo home runs: `mqtt` simulates a Zigbee2MQTT bridge (base topic `hearth-demo-<id>`, unique per data dir) on the MQTT broker so discovery, state and commands take the real path; `in-process` skips MQTT.',
  },
  {
    key: 'mqtt_url',
    env: 'HEARTH_MQTT_URL',
    type: { kind: 'url', protocols: ['mqtt', 'mqtts', 'ws', 'wss', 'tcp', 'ssl'] },
    default: undefined,
    doc: 'MQTT broker to use, e.g. `mqtt://127.0.0.1:1883`, `mqtts://broker:8883`, `ws://broker:9001` (user and password may be in the URL). Unset: Hearth starts its own embedded broker (see `HEARTH_MQTT_BROKER_PORT`).',
  },
  {
    key: 'mqtt_username',
    env: 'HEARTH_MQTT_USERNAME',
    type: { kind: 'string' },
    default: undefined,
    doc: 'User name for `HEARTH_MQTT_URL` (wins over one in the URL).',
  },
  {
    key: 'mqtt_password',
    env: 'HEARTH_MQTT_PASSWORD',
    type: { kind: 'string' },
    default: undefined,
    doc: 'Password for `HEARTH_MQTT_URL` (wins over one in the URL). Never logged.',
  },
  {
    key: 'mqtt_client_id',
    env: 'HEARTH_MQTT_CLIENT_ID',
    type: { kind: 'string' },
    default: undefined,
    doc: 'MQTT client id. Unset: `hearth-` and a random suffix.',
  },
  {
    key: 'mqtt_ca_file',
    env: 'HEARTH_MQTT_CA_FILE',
    type: { kind: 'string' },
    default: undefined,
    doc: 'PEM file of the CA that signed the broker certificate (mqtts:// and wss://).',
  },
  {
    key: 'mqtt_cert_file',
    env: 'HEARTH_MQTT_CERT_FILE',
    type: { kind: 'string' },
    default: undefined,
    doc: 'PEM client certificate for brokers that require TLS client authentication.',
  },
  {
    key: 'mqtt_key_file',
    env: 'HEARTH_MQTT_KEY_FILE',
    type: { kind: 'string' },
    default: undefined,
    doc: 'PEM private key of `HEARTH_MQTT_CERT_FILE`.',
  },
  {
    key: 'mqtt_broker_host',
    env: 'HEARTH_MQTT_BROKER_HOST',
    type: { kind: 'string' },
    default: '0.0.0.0',
    doc: 'Bind address of the embedded MQTT broker (only when `HEARTH_MQTT_URL` is unset), so bridges on the LAN can connect. Clients from other machines need the generated credentials (`GET /api/settings/mqtt-broker`); clients on this machine may connect without.',
  },
  {
    key: 'mqtt_broker_port',
    env: 'HEARTH_MQTT_BROKER_PORT',
    type: { kind: 'integer', min: 0, max: 65535 },
    default: undefined,
    doc: 'Port of the embedded MQTT broker; unset means 1883. If a port set here is taken, start-up fails with a message to set `HEARTH_MQTT_URL` to the broker already running there. If the default 1883 is taken, Hearth warns and uses the broker it finds on 127.0.0.1:1883 when it speaks MQTT (fails with the same message otherwise).',
  },
  {
    key: 'mqtt_broker_username',
    env: 'HEARTH_MQTT_BROKER_USERNAME',
    type: { kind: 'string' },
    default: undefined,
    doc: 'When set (with `HEARTH_MQTT_BROKER_PASSWORD`), the embedded broker accepts only clients with these credentials, from this machine too. Unset: Hearth generates credentials on first start (`<data dir>/secrets/mqtt-broker.json`, user `hearth`), required from other machines only.',
  },
  {
    key: 'mqtt_broker_password',
    env: 'HEARTH_MQTT_BROKER_PASSWORD',
    type: { kind: 'string' },
    default: undefined,
    doc: 'Password of `HEARTH_MQTT_BROKER_USERNAME`. Never logged.',
  },
  {
    key: 'zigbee2mqtt_base_topics',
    env: 'HEARTH_ZIGBEE2MQTT_BASE_TOPICS',
    type: { kind: 'string' },
    default: 'zigbee2mqtt',
    doc: 'Base topic(s) of Zigbee2MQTT bridges, comma-separated for several bridges (or a JSON array). `none`: no Zigbee2MQTT.',
  },
  {
    key: 'zwave_prefix',
    env: 'HEARTH_ZWAVE_PREFIX',
    type: { kind: 'string' },
    default: 'zwave',
    doc: 'MQTT prefix of the Z-Wave JS UI gateway. `none`: no Z-Wave JS UI.',
  },
  {
    key: 'zwave_gateway',
    env: 'HEARTH_ZWAVE_GATEWAY',
    type: { kind: 'string' },
    default: 'zwave-js-ui',
    doc: 'Z-Wave JS UI gateway name (its MQTT "name" setting); the API lives under `_CLIENTS/ZWAVE_GATEWAY-<name>`.',
  },
  {
    key: 'mqtt_discovery_prefix',
    env: 'HEARTH_MQTT_DISCOVERY_PREFIX',
    type: { kind: 'string' },
    default: 'homeassistant',
    doc: 'Home Assistant MQTT discovery prefix (Tasmota, Shelly, ESPHome…). `none`: no discovery.',
  },
  {
    key: 'matter',
    env: 'HEARTH_MATTER',
    type: { kind: 'enum', values: ['on', 'off'] },
    default: 'off',
    doc: 'Matter controller at start. `off`: the Matter stack and its mDNS stay unloaded until an admin turns Matter on or adds the first Matter device (then it stays on across restarts).',
  },
  {
    key: 'matter_interface',
    env: 'HEARTH_MATTER_INTERFACE',
    type: { kind: 'string' },
    default: undefined,
    doc: "Network interface for Matter's mDNS (e.g. `eth0`) on a machine with several; unset: all of them. Shared by the controller and the Matter bridge.",
  },
  {
    key: 'discovery',
    env: 'HEARTH_DISCOVERY',
    type: { kind: 'enum', values: ['on', 'off'] },
    default: 'off',
    doc: 'Look for WiFi devices on the home network and offer them on the Add-a-device page (never added without an admin): mDNS queries for `_shelly._tcp`, `_wled._tcp`, `_hue._tcp`, an ONVIF WS-Discovery probe to 239.255.255.250:3702 and the Kasa query broadcast to UDP 9999, sent through the interface of the default route (answers are heard on all), at start, every 5 minutes and on demand. `off`: no discovery socket is opened and nothing is sent.',
  },
  {
    key: 'matter_bridge_port',
    env: 'HEARTH_MATTER_BRIDGE_PORT',
    type: { kind: 'integer', min: 1, max: 65535 },
    default: 5540,
    doc: "UDP port of the Matter bridge (Hearth's devices in Apple Home, Google Home, Alexa, SmartThings). The bridge is off until an admin enables it (`PATCH /api/matter-bridge`). When the Matter controller also runs, give one of them another port.",
  },
  {
    key: 'wyoming_stt',
    env: 'HEARTH_WYOMING_STT',
    type: { kind: 'string' },
    default: undefined,
    doc: 'Wyoming speech-to-text server for voice commands, as `tcp://host:port` (e.g. wyoming-faster-whisper on port 10300). Unset: the built-in pocketsphinx engine.',
  },
  {
    key: 'llm_url',
    env: 'HEARTH_LLM_URL',
    type: { kind: 'string' },
    default: undefined,
    doc: "Optional language-model fallback: an OpenAI-compatible chat-completions endpoint, e.g. a local Ollama at `http://127.0.0.1:11434/v1`. Asked only when the local intent matcher declines a message; it can only call the Home agent's intents as tools. Unset: off.",
  },
  {
    key: 'llm_model',
    env: 'HEARTH_LLM_MODEL',
    type: { kind: 'string' },
    default: 'llama3.2',
    doc: 'Model name sent to `HEARTH_LLM_URL` (it must support tool calls).',
  },
  {
    key: 'llm_api_key',
    env: 'HEARTH_LLM_API_KEY',
    type: { kind: 'string' },
    default: undefined,
    doc: 'Bearer key for `HEARTH_LLM_URL`, if the endpoint wants one. Never logged or returned.',
  },
  {
    key: 'llm_timeout',
    env: 'HEARTH_LLM_TIMEOUT',
    type: { kind: 'integer', min: 1, max: 300 },
    default: 20,
    doc: 'Seconds to wait for the language model before the reply says it did not understand.',
  },
  {
    key: 'wifi_poll_interval',
    env: 'HEARTH_WIFI_POLL_INTERVAL',
    type: { kind: 'number', min: 0.05, max: 3600 },
    default: 15,
    doc: 'Seconds between status polls of each WiFi device (Shelly, WLED, …); pushes arrive at once anyway. A device is unavailable after 3 missed polls.',
  },
  {
    key: 'wifi_timeout',
    env: 'HEARTH_WIFI_TIMEOUT',
    type: { kind: 'number', min: 0.05, max: 60 },
    default: 5,
    doc: 'Seconds a WiFi device has to answer one request before it counts as a miss (bounded, so a slow device never holds others up).',
  },
  {
    key: 'camera_snapshots_max',
    env: 'HEARTH_CAMERA_SNAPSHOTS_MAX',
    type: { kind: 'integer', min: 1, max: 100000 },
    default: 200,
    doc: 'Motion snapshots kept per ONVIF camera (one per motion event while the camera is active); the oldest go first.',
  },
  {
    key: 'camera_snapshot_days',
    env: 'HEARTH_CAMERA_SNAPSHOT_DAYS',
    type: { kind: 'number', min: 0.01, max: 3650 },
    default: 7,
    doc: 'Days a motion snapshot is kept before it is deleted (checked on every new snapshot and hourly).',
  },
];
