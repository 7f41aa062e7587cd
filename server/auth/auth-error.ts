/**
 * A refusal in Supabase Auth's terms: the HTTP status, its `error_code` and its exact message
 * (see the wire-format reference, §2). The web pages translate the code; the `/auth/v1` router sends
 * it as is. `extra` carries fields some codes add, such as `weak_password: { reasons }`.
 */
export class AuthError extends Error {
  override name = "AuthError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export function isAuthError(error: unknown): error is AuthError {
  return error instanceof AuthError;
}
