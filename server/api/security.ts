import type { OperationAccess, SecurityRequirement } from "./openapi-document-shape";

/** How a client proves who it is for the operations about the signed-in person (decision 007). */
export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "An access token from /auth/v1 (sign in with POST /auth/v1/token?grant_type=password).",
  },
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: "session",
    description:
      "The session cookie this site's own pages use; requests that change data must come from them (403 " +
      "otherwise).",
  },
};

export const SECURITY: Record<OperationAccess, SecurityRequirement[]> = {
  signedIn: [{ bearerAuth: [] }, { sessionCookie: [] }],
  // The empty requirement is OpenAPI's way to say that no credentials at all will also do.
  optional: [{}, { bearerAuth: [] }, { sessionCookie: [] }],
  // OpenAPI's way to say that no credentials are read at all.
  none: [],
};
