// Errors a caller can act on. `expose` decides, once, in the HTTP error middleware, that the message
// reaches the client; anything else becomes a 500 with a request id and is logged.

export class AppError extends Error {
  readonly expose = true;
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}
export class Unauthorized extends AppError {
  constructor(message: string) {
    super(401, message);
  }
}
export class UsageLimitReached extends AppError {
  constructor(message: string) {
    super(402, message);
  }
}
export class Forbidden extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}
export class NotFound extends AppError {
  constructor(message: string) {
    super(404, message);
  }
}
/** Too many attempts (signing in): `retryAfterSeconds` says when to try again. */
export class TooManyRequests extends AppError {
  readonly headers: Record<string, string>;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
}
/** The request is well-formed but the object is not in a state that allows it (e.g. enabling before the burn-in). */
export class Conflict extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
