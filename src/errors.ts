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
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }
}

export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

export const Errors = {
  validation: (message: string, details?: unknown) =>
    new AppError('VALIDATION_FAILED', 400, message, details),
  malformedJson: (reason: string) =>
    new AppError('MALFORMED_JSON', 400, `The request body is not valid JSON: ${reason}`),
  unauthenticated: (message = 'A valid bearer token is required.') =>
    new AppError('UNAUTHENTICATED', 401, message),
  invalidCredentials: () => new AppError('INVALID_CREDENTIALS', 401, 'Wrong username or password.'),
  forbidden: (message = 'Your role does not allow this.') => new AppError('FORBIDDEN', 403, message),
  tokenScope: (message: string) => new AppError('TOKEN_SCOPE', 403, message),
  accountPending: () =>
    new AppError('ACCOUNT_PENDING', 403, 'This account is waiting for an administrator to approve it.'),
  accountDisabled: () =>
    new AppError('ACCOUNT_DISABLED', 403, 'This account has been disabled by an administrator.'),
  notFound: (what: string, id?: string) =>
    new AppError(
      'NOT_FOUND',
      404,
      id === undefined ? `${what} not found.` : `${what} "${id}" not found.`,
      id === undefined ? undefined : { id },
    ),
  badUrl: () => new AppError('BAD_URL', 400, 'The path is not valid URL encoding.'),
  uriTooLong: () => new AppError('URI_TOO_LONG', 414, 'A part of the path is longer than allowed.'),
  headersTooLarge: () =>
    new AppError(
      'HEADERS_TOO_LARGE',
      431,
      'The request line and headers are larger than the limit of 16 KB.',
    ),
  badHttp: () => new AppError('BAD_REQUEST', 400, 'The request is not valid HTTP.'),
  originNotAllowed: (origin: string) =>
    new AppError(
      'ORIGIN_NOT_ALLOWED',
      403,
      `Requests from the web page at ${origin} are not allowed; an administrator can add it to HEARTH_CORS_ORIGINS.`,
      { origin },
    ),
  routeNotFound: (method: string, url: string) =>
    new AppError('ROUTE_NOT_FOUND', 404, `No route ${method} ${url}.`),
  conflict: (message: string, details?: unknown) => new AppError('CONFLICT', 409, message, details),
  payloadTooLarge: (limit: number) =>
    new AppError('PAYLOAD_TOO_LARGE', 413, `The request body is larger than the limit of ${limit} bytes.`, {
      limit,
    }),
  unsupportedMediaType: (type: string) =>
    new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      415,
      `Content-Type ${type} is not accepted here; send application/json.`,
    ),
  throttled: (retryAfterSeconds: number, message = 'Too many attempts; try again later.') =>
    new AppError(
      'THROTTLED',
      429,
      message,
      { retry_after: retryAfterSeconds },
      { 'retry-after': String(retryAfterSeconds) },
    ),
  rateLimited: (retryAfterMs: number, message: string, scope: 'user' | 'socket' | 'token') => {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    return new AppError(
      'RATE_LIMITED',
      429,
      message,
      { retry_after: seconds, retry_after_ms: retryAfterMs, scope },
      { 'retry-after': String(seconds) },
    );
  },
  licenseUnknown: () =>
    new AppError('LICENSE_UNKNOWN', 404, 'No license with this key exists; check the key you were given.'),
  licenseRevoked: (key: string) =>
    new AppError('LICENSE_REVOKED', 403, `The license ${key} has been revoked by its issuer.`, { key }),
  licenseExpired: (key: string, expiresAt: string) =>
    new AppError('LICENSE_EXPIRED', 403, `The license ${key} expired on ${expiresAt}.`, {
      key,
      expires_at: expiresAt,
    }),
  licenseExhausted: (key: string, maxHomes: number) =>
    new AppError(
      'LICENSE_EXHAUSTED',
      409,
      `The license ${key} is already active on ${maxHomes} home(s), its limit; ask the issuer for more.`,
      { key, max_homes: maxHomes },
    ),
  licenseServer: (message: string, details?: unknown) =>
    new AppError('LICENSE_SERVER_ERROR', 502, message, details),
  unavailable: (message: string, details?: unknown) => new AppError('UNAVAILABLE', 503, message, details),
  // Pairing (POST /api/home/integrations/{id}/pair): each says exactly why a device was not added.
  /** A bridge waits for its link button; the same request succeeds once it is pressed. */
  buttonNotPressed: (message = 'Press the button on the bridge, then send the same request again.') =>
    new AppError('BUTTON_NOT_PRESSED', 409, message),
  alreadyPaired: (message: string, details?: unknown) =>
    new AppError('ALREADY_PAIRED', 409, message, details),
  /** Nothing answered at the address (refused, no route, timed out) or it answered something else. */
  deviceUnreachable: (message: string, details?: unknown) =>
    new AppError('DEVICE_UNREACHABLE', 502, message, details),
  /** The device refused the credentials (422, not 401: the person's Hearth session is fine). */
  deviceAuthFailed: (message: string, details?: unknown) =>
    new AppError('DEVICE_AUTH_FAILED', 422, message, details),
  unsupportedDevice: (message: string, details?: unknown) =>
    new AppError('UNSUPPORTED_DEVICE', 422, message, details),
  /** The device or bridge answered but rejects the pairing (e.g. its certificate changed). */
  pairingRefused: (message: string, details?: unknown) =>
    new AppError('PAIRING_REFUSED', 422, message, details),
  /** `POST /api/home/discovered/scan` while `HEARTH_DISCOVERY` is off. */
  discoveryOff: () =>
    new AppError(
      'DISCOVERY_OFF',
      409,
      'Discovery is off, so Hearth does not look for devices on the network. Set HEARTH_DISCOVERY=on and restart Hearth, or add the device by its address.',
    ),
  pairingTimeout: (seconds: number) =>
    new AppError('PAIRING_TIMEOUT', 504, `Pairing did not finish within ${seconds} s.`, { seconds }),
  storageFull: () =>
    new AppError(
      'STORAGE_FULL',
      507,
      "The disk holding Hearth's data is full, so this change cannot be saved; reading and controlling devices still work. Free some space and try again.",
    ),
  internal: () => new AppError('INTERNAL', 500, 'Something went wrong inside Hearth; the error was logged.'),
} as const;

/**
 * True for a failure caused by a full disk: SQLite's SQLITE_FULL (a transaction that could not
 * grow the WAL or the database; SQLite rolled it back, nothing is half-written) or a file
 * write's ENOSPC / EDQUOT. Such failures answer 507 STORAGE_FULL instead of 500.
 */
export function isStorageFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT';
}

/** The error a caller sees for an unexpected failure: 507 for a full disk, else 500. */
export function unexpectedError(err: unknown): AppError {
  return isStorageFull(err) ? Errors.storageFull() : Errors.internal();
}
