import { ErrorBodySchema, type ApiTransport, type ErrorBody, type FieldIssue } from '@mello/contracts';

/**
 * The one way the client calls the API (spec section 7): cookies always included, JSON bodies only when
 * present, and any non-OK answer fails with `${status}: ${body text or status text}` (spec section 8).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  /** The `error` field of a JSON error body, when the server sent one (usually Swedish, user-facing). */
  readonly serverError: string | null;
  /** The failing fields of a 400 (`issues`: path and Swedish message), empty when the body names none. */
  readonly issues: readonly FieldIssue[];

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const parsed = readErrorBody(body);
    this.serverError = parsed?.error ?? null;
    this.issues = parsed?.issues ?? [];
  }
}

/** A refusal because the edit was based on an older version (412: contracts/src/http/concurrency.ts). */
export const isStaleEdit = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 412;

/** Thrown when the server cannot be reached at all (network down, backend stopped). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Kunde inte nå servern. Kontrollera din anslutning och försök igen.');
    this.name = 'NetworkError';
    this.cause = cause;
  }
}

/** The error body every refusal of the API has (contracts: ErrorBodySchema), or null when the body is not one. */
function readErrorBody(body: string): ErrorBody | null {
  try {
    const parsed = ErrorBodySchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    // Not JSON: there is no error to read.
    return null;
  }
}

export type ApiInit = Omit<RequestInit, 'body'> & { json?: unknown };

/** How a request reaches the API: the browser's fetch, or on the server the API in the same process (entry-server.tsx). */
let transport: ApiTransport = (path, init) => fetch(path, init);

/** The server's render sends its calls straight to its own API instead of over the network. */
export function setApiTransport(send: ApiTransport): void {
  transport = send;
}

/**
 * Sends one request and answers its JSON (null for an empty body). Typed `unknown`: the answer is parsed by the
 * route's contract in call.ts, never cast.
 */
export async function apiRequest(path: string, init: ApiInit = {}): Promise<unknown> {
  return (await apiExchange(path, init)).body;
}

/** The same, with the answer's headers (an ETag: call.ts, callWithETag). */
export async function apiExchange(path: string, init: ApiInit = {}): Promise<{ body: unknown; headers: Headers }> {
  const { json, headers, ...rest } = init;
  const hasBody = json !== undefined;
  let response: Response;
  try {
    response = await transport(path, {
      ...rest,
      credentials: 'include',
      headers: { Accept: 'application/json', ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...headers },
      ...(hasBody ? { body: JSON.stringify(json) } : {}),
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  return { body: text ? (JSON.parse(text) as unknown) : null, headers: response.headers };
}

/** The user-facing message of a failed call: the server's own error, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverError) return error.serverError;
  if (error instanceof NetworkError) return error.message;
  return fallback;
}

/** Spec section 6: messages starting with '401:' and containing 'Unauthorized' mean "not signed in". */
export function isUnauthorized(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 401;
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}
