/**
 * The catalogue of coded errors. REST and Socket.IO send every one of them as
 * `{"error":{"code","message","details"?}}` with the status given here.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  toJSON(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.details === undefined ? {} : { details: this.details }) } };
  }
}

export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

export const Errors = {
  validation: (message: string, details?: unknown) => new AppError('VALIDATION_FAILED', 400, message, details),
  malformedJson: (reason: string) => new AppError('MALFORMED_JSON', 400, `The request body is not valid JSON: ${reason}`),
  unauthenticated: (message = 'A valid bearer token is required.') => new AppError('UNAUTHENTICATED', 401, message),
  invalidCredentials: () => new AppError('INVALID_CREDENTIALS', 401, 'Wrong username or password.'),
  forbidden: (message = 'Your role does not allow this.') => new AppError('FORBIDDEN', 403, message),
  accountPending: () =>
    new AppError('ACCOUNT_PENDING', 403, 'This account is waiting for an administrator to approve it.'),
  accountDisabled: () => new AppError('ACCOUNT_DISABLED', 403, 'This account has been disabled by an administrator.'),
  notFound: (what: string, id?: string) =>
    new AppError('NOT_FOUND', 404, id === undefined ? `${what} not found.` : `${what} "${id}" not found.`, id === undefined ? undefined : { id }),
  routeNotFound: (method: string, url: string) => new AppError('ROUTE_NOT_FOUND', 404, `No route ${method} ${url}.`),
  conflict: (message: string, details?: unknown) => new AppError('CONFLICT', 409, message, details),
  payloadTooLarge: (limit: number) =>
    new AppError('PAYLOAD_TOO_LARGE', 413, `The request body is larger than the limit of ${limit} bytes.`, { limit }),
  unsupportedMediaType: (type: string) =>
    new AppError('UNSUPPORTED_MEDIA_TYPE', 415, `Content-Type ${type} is not accepted here; send application/json.`),
  throttled: (retryAfterSeconds: number, message = 'Too many attempts; try again later.') =>
    new AppError('THROTTLED', 429, message, { retry_after: retryAfterSeconds }, { 'retry-after': String(retryAfterSeconds) }),
  licenseUnknown: () => new AppError('LICENSE_UNKNOWN', 404, 'No license with this key exists; check the key you were given.'),
  licenseRevoked: (key: string) => new AppError('LICENSE_REVOKED', 403, `The license ${key} has been revoked by its issuer.`, { key }),
  licenseExpired: (key: string, expiresAt: string) =>
    new AppError('LICENSE_EXPIRED', 403, `The license ${key} expired on ${expiresAt}.`, { key, expires_at: expiresAt }),
  licenseExhausted: (key: string, maxHomes: number) =>
    new AppError('LICENSE_EXHAUSTED', 409, `The license ${key} is already active on ${maxHomes} home(s), its limit; ask the issuer for more.`, { key, max_homes: maxHomes }),
  licenseServer: (message: string, details?: unknown) => new AppError('LICENSE_SERVER_ERROR', 502, message, details),
  unavailable: (message: string, details?: unknown) => new AppError('UNAVAILABLE', 503, message, details),
  internal: () => new AppError('INTERNAL', 500, 'Something went wrong inside Hearth; the error was logged.'),
} as const;
