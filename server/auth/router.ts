import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { z } from "zod";
import { hasUnstorableText } from "#domain/text";
import type { AppEnv } from "#server/http/app-env";
import { authenticateAccessToken } from "./access-tokens";
import { AuthError } from "./auth-error";
import { authRequestFrom, languageFromHeader } from "./auth-request";
import { requestMagicLink, requestPasswordRecovery, verifyEmailLink, verifyEmailToken } from "./email-links";
import { finishOAuth, startOAuth } from "./oauth";
import { exchangeAuthCode } from "./pkce";
import { requestReauthentication } from "./reauthentication";
import { refreshSession, signOut, type SignOutScope } from "./sessions";
import { signInWithPassword } from "./sign-in";
import { resendSignUpConfirmation, signUp } from "./sign-up";
import { loadKeyRing } from "./signing-keys";
import { updateUser } from "./user-update";
import { verifyEmailCode } from "./verify-otp";

/** Supabase Auth answers with this header; auth-js reads error codes by it (see the wire-format reference). */
export const AUTH_API_VERSION = "2024-01-01";

/** Supabase's body limit (wire-format reference §1.2). */
const MAX_BODY_BYTES = 1 << 20;

/** What auth-js and supabase-js send (§1.1), plus the gateway's `apikey` and the retry counter. */
const ALLOWED_HEADERS = [
  "Accept",
  "Authorization",
  "Content-Type",
  "X-Client-IP",
  "X-Client-Info",
  "X-JWT-AUD",
  "X-Supabase-Api-Version",
  "x-use-cookie",
  "apikey",
  "x-retry-count",
];

/** Routes and their methods, for the JSON 405 that other methods get. */
const ROUTES: Record<string, string[]> = {
  "/signup": ["POST"],
  "/token": ["POST"],
  "/otp": ["POST"],
  "/verify": ["GET", "POST"],
  "/recover": ["POST"],
  "/resend": ["POST"],
  "/user": ["GET", "PUT"],
  "/reauthenticate": ["GET"],
  "/logout": ["POST"],
  "/authorize": ["GET"],
  "/callback": ["GET", "POST"],
  "/settings": ["GET"],
  "/.well-known/jwks.json": ["GET"],
  "/health": ["GET"],
};

const pkceFields = {
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
};
// Fields are typed here; their content (address format, password policy) is the services' concern.
const signUpSchema = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  phone: z.string().optional(),
  data: z.unknown().optional(),
  ...pkceFields,
});
const otpSchema = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  data: z.unknown().optional(),
  create_user: z.boolean().optional(),
  ...pkceFields,
});
const recoverSchema = z.object({ email: z.string().optional(), ...pkceFields });
const resendSchema = z.object({
  type: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  ...pkceFields,
});
/** The types GoTrue's /resend knows; we send e-mail for sign-up only (no address changes, no phones). */
const RESEND_TYPES = ["signup", "email_change", "sms", "phone_change"];
const passwordGrantSchema = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
});
const refreshGrantSchema = z.object({ refresh_token: z.string().optional() });
const pkceGrantSchema = z.object({ auth_code: z.string().optional(), code_verifier: z.string().optional() });
const verifySchema = z.object({
  type: z.string().optional(),
  token_hash: z.string().optional(),
  token: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  redirect_to: z.string().optional(),
});
const userUpdateSchema = z.object({
  password: z.string().optional(),
  current_password: z.string().optional(),
  data: z.unknown().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  nonce: z.string().optional(),
});

/** `/auth/v1`: the Supabase Auth (GoTrue) compatible API over the account services (decision 007). */
export function createAuthRouter() {
  const auth = new Hono<AppEnv>();
  auth.use(async (c, next) => {
    await next();
    c.res.headers.set("X-Supabase-Api-Version", AUTH_API_VERSION);
    // Tokens and users must never sit in a shared cache.
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });
  // Bearer tokens only, never cookies (decision 007 §5): any origin may call, as with Supabase.
  auth.use(
    cors({
      origin: "*",
      allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
      allowHeaders: ALLOWED_HEADERS,
      exposeHeaders: ["X-Supabase-Api-Version", "x-sb-error-code", "X-Total-Count", "Link"],
      maxAge: 600,
    }),
  );
  auth.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        sendError(
          c,
          new AuthError(413, "request_entity_too_large", `Request body too large (max ${MAX_BODY_BYTES} bytes)`),
        ),
    }),
  );
  auth.onError((error, c) => {
    if (error instanceof AuthError) return sendError(c, error);
    c.get("logger").error({ err: error, requestId: c.get("requestId"), path: c.req.path }, "auth request failed");
    return sendError(
      c,
      new AuthError(500, "unexpected_failure", "Unexpected failure, please check server logs for more information"),
    );
  });

  auth.post("/signup", async (c) => {
    const body = parse(signUpSchema, await readJsonObject(c));
    // Neither an address nor a phone number is supabase-js's signInAnonymously(), which we do not offer.
    if (!body.email && !body.phone) {
      throw new AuthError(422, "anonymous_provider_disabled", "Anonymous sign-ins are disabled");
    }
    if (body.phone && !body.email) throw new AuthError(400, "validation_failed", "Phone signups are not supported");
    const user = await signUp(c.get("db"), c.get("config"), requestOf(c), {
      email: body.email ?? "",
      password: body.password ?? "",
      data: body.data as Record<string, unknown> | undefined,
      redirectTo: c.req.query("redirect_to") ?? null,
      codeChallenge: body.code_challenge ?? null,
      codeChallengeMethod: body.code_challenge_method ?? null,
    });
    return c.json(user);
  });

  auth.post("/token", async (c) => {
    const form = isFormBody(c) ? new URLSearchParams(await c.req.text()) : null;
    const grants = [...(c.req.queries("grant_type") ?? []), ...(form?.getAll("grant_type") ?? [])];
    if (grants.length > 1) throw new AuthError(400, "validation_failed", "grant_type must be given only once");
    const body = form ? Object.fromEntries(form) : await readJsonObject(c);
    if (form && hasUnstorableText(body)) throw unstorableText();
    const db = c.get("db");
    const config = c.get("config");
    switch (grants[0]) {
      case "password": {
        const input = parse(passwordGrantSchema, body);
        if (input.phone && input.email) {
          throw new AuthError(
            400,
            "validation_failed",
            "Only an email address or phone number should be provided on login.",
          );
        }
        if (input.phone) throw new AuthError(400, "validation_failed", "Phone logins are not supported");
        return c.json(
          await signInWithPassword(db, config, requestOf(c), {
            email: input.email ?? "",
            password: input.password ?? "",
          }),
        );
      }
      case "refresh_token": {
        const input = parse(refreshGrantSchema, body);
        if (!input.refresh_token) throw new AuthError(400, "validation_failed", "refresh_token required");
        return c.json(await refreshSession(db, config, requestOf(c), { refreshToken: input.refresh_token }));
      }
      case "pkce": {
        const input = parse(pkceGrantSchema, body);
        return c.json(
          await exchangeAuthCode(db, config, requestOf(c), {
            authCode: input.auth_code ?? "",
            codeVerifier: input.code_verifier ?? "",
          }),
        );
      }
      default:
        throw new AuthError(400, "invalid_credentials", "unsupported_grant_type");
    }
  });

  auth.post("/otp", async (c) => {
    const body = parse(otpSchema, await readJsonObject(c));
    if (body.email && body.phone) {
      throw new AuthError(400, "validation_failed", "Only an email address or phone number should be provided");
    }
    if (body.phone) throw new AuthError(400, "validation_failed", "Phone sign-in is not supported");
    if (!body.email) throw new AuthError(400, "validation_failed", "One of email or phone must be set");
    await requestMagicLink(c.get("db"), c.get("config"), requestOf(c), {
      email: body.email,
      redirectTo: c.req.query("redirect_to") ?? null,
      createUser: body.create_user ?? true,
      data: body.data as Record<string, unknown> | undefined,
      codeChallenge: body.code_challenge ?? null,
      codeChallengeMethod: body.code_challenge_method ?? null,
    });
    return c.json({});
  });

  auth.get("/verify", async (c) => {
    const location = await verifyEmailLink(c.get("db"), c.get("config"), requestOf(c), {
      token: c.req.query("token"),
      type: c.req.query("type"),
      redirectTo: c.req.query("redirect_to"),
    });
    return c.redirect(location, 303);
  });

  auth.post("/verify", async (c) => {
    const body = parse(verifySchema, await readJsonObject(c));
    if (!body.type) throw new AuthError(400, "validation_failed", "Verify requires a verification type");
    if (body.token_hash) {
      if (body.token || body.email || body.phone) {
        throw new AuthError(400, "validation_failed", "Only the token_hash and type should be provided");
      }
      const verified = await verifyEmailToken(c.get("db"), c.get("config"), requestOf(c), {
        tokenHash: body.token_hash,
        type: body.type,
      });
      return c.json(verified.session);
    }
    if (!body.token) throw new AuthError(400, "validation_failed", "Verify requires either a token or a token hash");
    if (body.phone) throw new AuthError(400, "validation_failed", "Phone sign-in is not supported");
    if (!body.email) {
      throw new AuthError(
        400,
        "validation_failed",
        "Only an email address or phone number should be provided on verify",
      );
    }
    const session = await verifyEmailCode(c.get("db"), c.get("config"), requestOf(c), {
      email: body.email,
      token: body.token,
      type: body.type,
    });
    return c.json(session);
  });

  auth.post("/recover", async (c) => {
    const body = parse(recoverSchema, await readJsonObject(c));
    if (!body.email) throw new AuthError(400, "validation_failed", "Password recovery requires an email");
    await requestPasswordRecovery(c.get("db"), c.get("config"), requestOf(c), {
      email: body.email,
      redirectTo: c.req.query("redirect_to") ?? null,
      codeChallenge: body.code_challenge ?? null,
      codeChallengeMethod: body.code_challenge_method ?? null,
    });
    return c.json({});
  });

  auth.post("/resend", async (c) => {
    const body = parse(resendSchema, await readJsonObject(c));
    if (!body.type || !RESEND_TYPES.includes(body.type)) {
      throw new AuthError(400, "validation_failed", `Missing one of these types: ${RESEND_TYPES.join(", ")}`);
    }
    if (body.type === "sms" || body.type === "phone_change") {
      throw new AuthError(400, "validation_failed", "Phone sign-in is not supported");
    }
    if (!body.email) throw new AuthError(400, "validation_failed", "Type provided requires an email address");
    // An address change is never pending here (PUT /user refuses them): nothing to send, same answer.
    if (body.type === "signup") {
      await resendSignUpConfirmation(c.get("db"), c.get("config"), requestOf(c), {
        email: body.email,
        redirectTo: c.req.query("redirect_to") ?? null,
        codeChallenge: body.code_challenge ?? null,
        codeChallengeMethod: body.code_challenge_method ?? null,
      });
    }
    return c.json({});
  });

  auth.get("/user", async (c) => {
    const { user } = await authenticateAccessToken(c.get("db"), c.get("config"), bearerToken(c), new Date());
    return c.json(user);
  });

  auth.get("/reauthenticate", async (c) => {
    const { user } = await authenticateAccessToken(c.get("db"), c.get("config"), bearerToken(c), new Date());
    await requestReauthentication(c.get("db"), c.get("config"), requestOf(c), user.id);
    return c.json({});
  });

  auth.put("/user", async (c) => {
    const db = c.get("db");
    const config = c.get("config");
    const { user, sessionId } = await authenticateAccessToken(db, config, bearerToken(c), new Date());
    const body = parse(userUpdateSchema, await readJsonObject(c));
    if ((body.email && body.email.toLowerCase() !== user.email) || body.phone) {
      throw new AuthError(422, "validation_failed", "Changing the email address or phone number is not supported");
    }
    const updated = await updateUser(
      db,
      config,
      requestOf(c),
      { sessionId, userId: user.id },
      {
        ...(body.password !== undefined ? { password: body.password } : {}),
        ...(body.current_password !== undefined ? { currentPassword: body.current_password } : {}),
        ...(body.nonce ? { nonce: body.nonce } : {}),
        ...(body.data !== undefined ? { data: body.data as Record<string, unknown> | null } : {}),
      },
    );
    return c.json(updated);
  });

  auth.post("/logout", async (c) => {
    const scope = c.req.query("scope") ?? "global";
    if (scope !== "global" && scope !== "local" && scope !== "others") {
      throw new AuthError(400, "validation_failed", `Unsupported logout scope "${scope.slice(0, 40)}"`);
    }
    const { user, sessionId } = await authenticateAccessToken(c.get("db"), c.get("config"), bearerToken(c), new Date());
    await signOut(c.get("db"), { sessionId, userId: user.id }, scope as SignOutScope);
    return c.body(null, 204);
  });

  auth.get("/authorize", async (c) => {
    const { provider, redirect_to, scopes, code_challenge, code_challenge_method, ...extraParams } = c.req.query();
    if (!provider) throw new AuthError(400, "validation_failed", "Unsupported provider: missing provider");
    const url = await startOAuth(c.get("db"), c.get("config"), requestOf(c), {
      provider,
      redirectTo: redirect_to ?? null,
      scopes: scopes ?? null,
      codeChallenge: code_challenge ?? null,
      codeChallengeMethod: code_challenge_method ?? null,
      extraParams,
    });
    return c.redirect(url, 302);
  });

  auth.on(["GET", "POST"], "/callback", async (c) => {
    const form = c.req.method === "POST" && isFormBody(c) ? new URLSearchParams(await c.req.text()) : null;
    const read = (name: string) => form?.get(name) ?? c.req.query(name);
    const location = await finishOAuth(c.get("db"), c.get("config"), requestOf(c), {
      state: read("state"),
      code: read("code"),
      error: read("error"),
      errorDescription: read("error_description"),
    });
    return c.redirect(location, 302);
  });

  auth.get("/settings", (c) => {
    const providers = c.get("config").auth.providers;
    return c.json({
      external: {
        email: true,
        phone: false,
        anonymous_users: false,
        google: Boolean(providers.google),
        facebook: Boolean(providers.facebook),
      },
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: "",
      saml_enabled: false,
    });
  });

  auth.get("/.well-known/jwks.json", async (c) => {
    const ring = await loadKeyRing(c.get("db"));
    c.header("Cache-Control", "public, max-age=600");
    return c.json({ keys: ring.jwks });
  });

  auth.get("/health", (c) =>
    c.json({ version: "1", name: "dmv-events-auth", description: "Supabase Auth compatible accounts API" }),
  );

  for (const [path, methods] of Object.entries(ROUTES)) {
    auth.all(path, (c) =>
      sendError(
        c,
        new AuthError(405, "method_not_allowed", `${c.req.method} is not allowed here; use ${methods.join(" or ")}.`),
      ),
    );
  }
  // Last: a mounted app's notFound() is not consulted by its parent, so unknown paths end here.
  auth.all("*", (c) => c.json({ code: "not_found", message: `No auth route ${c.req.method} ${c.req.path}.` }, 404));
  return auth;
}

function requestOf(c: Context<AppEnv>) {
  return authRequestFrom(c, languageFromHeader(c.req.header("accept-language")));
}

/**
 * Supabase's two error shapes (wire-format reference §2.1): `{code, message}` for clients that send
 * X-Supabase-Api-Version (auth-js always does), the legacy `{code: status, error_code, msg}` otherwise.
 */
function sendError(c: Context<AppEnv>, error: AuthError): Response {
  const isVersioned = Boolean(c.req.header("x-supabase-api-version"));
  const body = isVersioned
    ? { ...error.extra, code: error.code, message: error.message }
    : {
        ...error.extra,
        code: error.status,
        error_code: error.code,
        msg: error.message,
        ...(error.status >= 500 ? { error_id: c.get("requestId") } : {}),
      };
  c.header("x-sb-error-code", error.code);
  return c.json(body, error.status as 400);
}

function isFormBody(c: Context): boolean {
  return (c.req.header("content-type") ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded");
}

/** Text PostgreSQL cannot store, refused before it reaches a query (domain/text.ts). */
const unstorableText = () =>
  new AuthError(400, "validation_failed", "Text may not contain the NUL character (\\u0000) or half a surrogate pair");

const badJson = () =>
  new AuthError(400, "bad_json", "Could not parse request body as JSON: the body is not a JSON object");

/**
 * The body as a JSON object, whatever the Content-Type (as GoTrue reads it). Invalid UTF-8, a BOM,
 * anything but an object, and nesting deep enough to exhaust the parser are all `bad_json`.
 */
async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  let value: unknown;
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(await c.req.arrayBuffer());
    value = JSON.parse(text);
  } catch (error) {
    if (error instanceof AuthError) throw error;
    throw badJson();
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw badJson();
  if (hasUnstorableText(value)) throw unstorableText();
  return value as Record<string, unknown>;
}

function parse<T extends z.ZodType>(schema: T, body: Record<string, unknown>): z.infer<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join(".") || "body";
  throw new AuthError(400, "validation_failed", `Invalid ${field}: ${issue.message}`);
}

const BEARER = /^bearer (\S+)$/i;

/** Supabase's bearer rule: one space, one token, nothing after it. */
function bearerToken(c: Context): string {
  const match = BEARER.exec(c.req.header("authorization") ?? "");
  if (!match) throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  return match[1]!;
}
