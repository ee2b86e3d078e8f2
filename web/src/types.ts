/**
 * Wire shapes of the home: the service's own declarations, imported as types only (erased by
 * the build, so no server code reaches the bundle; `npm run lint` refuses a value import).
 */
export type {
  Area,
  Capabilities,
  CommandResult,
  Device,
  Entity,
  EntityState,
  Outcome,
  StateChangedEvent,
} from '../../src/home/types.js';
export type { Scene } from '../../src/home/scenes/types.js';
export type { Bucket, HistorySummary, Span } from '../../src/home/history-summary.js';
export type { LogbookEntry, RecordedCause } from '../../src/api/http/routes/history-schemas.js';
export type { NotificationView } from '../../src/store/automation-types.js';
export type { UserRole } from '../../src/store/types.js';
export type { LoginResult, PublicUser } from '../../src/api/http/schemas.js';
export type { AdminUser, InviteView, SessionView } from '../../src/api/http/routes/people-schemas.js';
export type { HomeSettingKey, HomeSettingsView, SettingSource } from '../../src/settings/types.js';
export type { MatterNode, MatterStatus, SharedNode } from '../../src/api/http/routes/matter-schemas.js';
export type {
  MatterBridgeExpose,
  MatterBridgeStatus,
} from '../../src/api/http/routes/matter-bridge-schemas.js';
export type {
  DiscoveredOffer,
  Pairable,
  PairedDevice,
  PairResult,
} from '../../src/api/http/routes/pairing-schemas.js';
export type { MotionSnapshot } from '../../src/api/http/routes/camera-schemas.js';
export type { ChatAnswer } from '../../src/api/http/routes/chat-schemas.js';
export type { PairingProgress } from '../../src/integrations/pairing/progress.js';
