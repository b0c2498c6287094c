import type { FieldIssue } from '@mello/contracts';

/**
 * Typed errors of the application. Domain code (decide functions) and routes throw these; one middleware
 * (http/error-middleware.ts) maps them to a status and a JSON body `{ error, issues? }`.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 422 | 429 | 503,
    message: string,
    readonly issues?: FieldIssue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, issues?: FieldIssue[]) {
    super(400, message, issues);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Du måste logga in') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Du har inte behörighet att göra detta') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, issues?: FieldIssue[]) {
    super(409, message, issues);
  }
}

/**
 * Another command appended to the stream between this one's load and its append (HTTP 409, nothing appended). A
 * caller whose decision may come out otherwise on the stream as it is now (a unique key's claim: taken, so say so)
 * decides again; the rest answer it.
 */
export class ConcurrentAppendError extends ConflictError {}

/**
 * The request's If-Match names a revision the document has moved past: someone else saved in between. Nothing
 * was appended; the client fetches the newer version and lets its user choose (docs/event-sourcing.md).
 */
export class PreconditionFailedError extends AppError {
  constructor(message: string) {
    super(412, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

export class UnavailableError extends AppError {
  constructor(message = 'Tjänsten är tillfälligt otillgänglig. Försök igen om en stund.') {
    super(503, message);
  }
}

/** Exhaustiveness check for discriminated unions: a new case that is not handled fails to compile. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
