export {
  AuthService,
  publicUser,
  adminView,
  type Principal,
  type PublicUser,
  type LoginResult,
  type ClientMeta,
} from './service.js';
export { TokenSigner, loadOrCreateKey } from './tokens.js';
export { PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from './passwords.js';
export { roleAllows, type Access } from './roles.js';
