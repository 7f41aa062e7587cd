import type { OpenAPIHono } from "@hono/zod-openapi";
import { authRequestFrom, languageFromHeader } from "#server/auth/auth-request";
import { currentTime } from "#server/clock";
import type { AppEnv } from "#server/http/app-env";
import { readJsonBody } from "#server/http/json-body";
import { deleteAccount } from "#server/services/account-deletion";
import { exportAccount } from "#server/services/account-export";
import { ACCOUNT_REQUEST_BODIES } from "./account-schemas";
import { error, problem } from "./error-answers";
import { invalidInput } from "./invalid-input";
import { operationRoute } from "./operation-route";
import { privateOperation } from "./private-operation";
import { requireActor } from "./require-actor";

/* "Download my data" and "Delete my account" (issue 18), under /api/v1/me beside the person's other operations. */

const exportMyDataRoute = operationRoute(
  "get",
  "/export",
  privateOperation(
    {
      operationId: "exportMyData",
      summary: "Download my data",
      description:
        "Everything the site stores about the signed-in person, as the privacy page lists it, in one JSON " +
        "file sent as an attachment (Content-Disposition): account, sign-in methods, sessions, profile, " +
        "interests, newsletter subscription, orders with their tickets, waitlist places, Find My Ticket " +
        "requests, events organized or co-organized, invitations, reputation and promotions. Never a " +
        "password hash or a secret token.",
      tags: ["Me"],
    },
    { description: "The person's data.", schema: "AccountExport" },
  ),
);

const deleteMyAccountRoute = operationRoute(
  "post",
  "/delete",
  privateOperation(
    {
      operationId: "deleteMyAccount",
      summary: "Delete my account",
      description:
        'Deletes the signed-in person\'s account, confirmed with its password in a JSON body such as {"password": ' +
        '"…"} (an account without a password gives its e-mail address: {"email": "…"}). Personal data is ' +
        "deleted or anonymized, orders are kept without the buyer's name, e-mail and card, past events stay " +
        "under an anonymous organizer, and every session ends. Refused while an upcoming published event of " +
        "theirs has sold tickets. A wrong confirmation changes nothing.",
      tags: ["Me"],
      body: { schema: "AccountDeletionInput", example: { password: "correct horse battery staple" } },
    },
    { description: "The account is deleted.", schema: "AccountDeleted" },
    {
      "400": error(
        "The confirmation is missing or wrong (code invalid; fields password or email: required or wrong).",
        {
          wrong_password: {
            summary: "Wrong password",
            value: problem("invalid", "That is not the password.", { password: "wrong" }),
          },
        },
      ),
      "409": error("An upcoming published event has sold tickets (code conflict, fields events: has_sales).", {
        has_sales: {
          summary: "Events to cancel first",
          value: problem("conflict", "Upcoming events with sold tickets must be cancelled first: 12.", {
            events: "has_sales",
          }),
        },
      }),
      "429": error("Too many wrong passwords (code rate_limited)."),
    },
  ),
);

/** Adds the account operations to the /me sub-app. */
export function addAccountOperations(api: OpenAPIHono<AppEnv>) {
  api.openapi(exportMyDataRoute, async (c) => {
    const actor = requireActor(c);
    const now = currentTime();
    const data = await exportAccount(c.get("db"), actor, now);
    c.header("Content-Disposition", `attachment; filename="dmv-events-my-data-${now.toISOString().slice(0, 10)}.json"`);
    return c.json(data as never);
  });

  api.openapi(deleteMyAccountRoute, async (c) => {
    const actor = requireActor(c);
    const body = await readJsonBody(c, 'The body must be JSON: {"password": "…"} or {"email": "…"}.');
    const parsed = ACCOUNT_REQUEST_BODIES.AccountDeletionInput.safeParse(body);
    if (!parsed.success) throw invalidInput(parsed.error, "The confirmation is not valid.");
    const request = authRequestFrom(c, languageFromHeader(c.req.header("Accept-Language")), currentTime());
    const { deletedAt } = await deleteAccount(c.get("db"), actor, parsed.data, request, c.get("config").uploadsDir);
    return c.json({ data: { deleted: true as const, deletedAt: deletedAt.toISOString() } });
  });
}
