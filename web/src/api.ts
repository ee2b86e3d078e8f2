/** The REST client: bearer token from the session, errors in the service's one error shape. */

import type { PublicUser, UserRole } from './types';

/** A person's role: the store's own type. */
export type Role = UserRole;
/** The signed-in person as the service answers them. */
export type User = PublicUser;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
  /** The field a validation error names, if any (for inline messages). */
  get field(): string | undefined {
    const d = this.details as { field?: unknown } | undefined;
    return typeof d?.field === 'string' ? d.field : undefined;
  }
}

const KEY = 'hearth.session';
let token: string | null = sessionStorage.getItem(KEY) ?? localStorage.getItem(KEY);
let onUnauthorized: () => void = () => {};

export const session = {
  get token() {
    return token;
  },
  /** Keeps the token for this tab; `remember` keeps it across browser restarts too. */
  save(value: string, remember: boolean) {
    token = value;
    sessionStorage.setItem(KEY, value);
    if (remember) localStorage.setItem(KEY, value);
    else localStorage.removeItem(KEY);
  },
  clear() {
    token = null;
    sessionStorage.removeItem(KEY);
    localStorage.removeItem(KEY);
  },
  onUnauthorized(fn: () => void) {
    onUnauthorized = fn;
  },
};

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The service cannot be reached.');
  }
  const text = await res.text();
  const data =
    text && (res.headers.get('content-type') ?? '').includes('json')
      ? (JSON.parse(text) as unknown)
      : undefined;
  if (!res.ok) {
    const err = (data as { error?: { code: string; message: string; details?: unknown } } | undefined)?.error;
    if (res.status === 401 && token) onUnauthorized();
    throw new ApiError(
      res.status,
      err?.code ?? `HTTP_${res.status}`,
      err?.message ?? `Request failed (${res.status}).`,
      err?.details,
    );
  }
  return data as T;
}

/** GET that answers null when the endpoint does not exist (a part of the service not installed yet). */
export async function optional<T>(path: string): Promise<T | null> {
  try {
    return await api<T>('GET', path);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404 && err.code === 'ROUTE_NOT_FOUND') return null;
    throw err;
  }
}

export const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * GET of a picture (a camera snapshot) with the bearer token, as an object URL the caller
 * revokes; an `<img src>` cannot send the token, and the camera itself is never asked by the browser.
 */
export async function pictureUrl(path: string): Promise<string> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(path, { headers });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The service cannot be reached.');
  }
  if (!res.ok) {
    const data = (res.headers.get('content-type') ?? '').includes('json')
      ? ((await res.json()) as { error?: { code: string; message: string } })
      : undefined;
    if (res.status === 401 && token) onUnauthorized();
    throw new ApiError(
      res.status,
      data?.error?.code ?? `HTTP_${res.status}`,
      data?.error?.message ?? `Request failed (${res.status}).`,
    );
  }
  return URL.createObjectURL(await res.blob());
}
