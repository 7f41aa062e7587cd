import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { parseRecordId } from "#domain/record-id";
import { MAX_SPONSOR_LOGO_BYTES, SPONSOR_LIMITS, SPONSOR_TIERS } from "#domain/sponsor";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { limitBody, readJsonBody } from "#server/http/json-body";
import { readFormWithin } from "#server/http/read-form";
import { decideAppearance } from "#server/services/sponsor-appearances";
import {
  createSponsor,
  SPONSOR_FORM_FIELDS,
  sponsorWriteOf,
  updateSponsor,
  type StaffSponsor,
} from "#server/services/sponsor-admin";
import { PRIVATE_CACHE } from "./cache-control";
import { recordIdParameter } from "./common-parameters";
import { error, problem } from "./error-answers";
import { invalidInput } from "./invalid-input";
import { operationRoute } from "./operation-route";
import { privateOperation } from "./private-operation";
import { requireStaffActor } from "./require-staff";

/*
 * /api/v1/staff/sponsors: staff create and change sponsors (a multipart form, with the logo) and answer
 * the events that asked to show one. Everyone else: 401 signed out, 403 signed in.
 */

const tags = ["Staff"];
/** Room for the text fields and the multipart framing beside the largest accepted logo. */
const MAX_FORM_BYTES = MAX_SPONSOR_LOGO_BYTES + 64 * 1024;
const FORM_SHAPE = "The body must be multipart/form-data with the sponsor's fields and, to set it, its logo.";

const staffSponsor = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  website: z.string(),
  tier: z.enum(SPONSOR_TIERS),
  industry: z.string(),
  contactEmail: z.string(),
  logo: z.string().describe("The logo's address: a 2:1 WebP picture."),
  accountEmail: z
    .string()
    .nullable()
    .describe("The account that speaks for the sponsor and approves its appearances; null for none."),
});

const appearance = z.object({
  sponsorId: z.int(),
  eventId: z.int(),
  status: z.enum(["approved", "declined"]),
});

/** The answers' named schemas, for the document. */
export const STAFF_SPONSOR_SCHEMAS = {
  StaffSponsorResponse: z.object({ data: staffSponsor }),
  SponsorAppearanceResponse: z.object({ data: appearance }),
} satisfies Record<string, z.ZodType>;

const decisionBodySchema = z
  .object({ decision: z.enum(["approve", "decline"]).describe("Show the sponsor on the event, or not.") })
  .strict();

export const STAFF_SPONSOR_REQUEST_BODIES = {
  SponsorAppearanceDecision: decisionBodySchema,
} satisfies Record<string, z.ZodType>;

const text = (description: string, maxLength: number) => ({ type: "string", maxLength, description });

/** The multipart body of the sponsor writes (not generated: zod has no file type in JSON Schema). */
function sponsorFormSchema(required: string[]) {
  return {
    type: "object",
    properties: {
      name: text("The sponsor's name.", SPONSOR_LIMITS.name),
      description: text("What the sponsor does, in a few sentences.", SPONSOR_LIMITS.description),
      website: text("Its website: an http or https address.", SPONSOR_LIMITS.website),
      tier: { type: "string", enum: [...SPONSOR_TIERS], description: "Gold, silver or bronze." },
      industry: text("Its industry, such as Healthcare.", SPONSOR_LIMITS.industry),
      contactEmail: text("Its public contact address.", SPONSOR_LIMITS.contactEmail),
      accountEmail: text(
        "The e-mail of an existing account that may approve the sponsor's appearances; empty for none.",
        SPONSOR_LIMITS.contactEmail,
      ),
      logo: {
        type: "string",
        contentMediaType: "application/octet-stream",
        description:
          `A JPEG, PNG, WebP, GIF or AVIF picture of at most ${MAX_SPONSOR_LOGO_BYTES / 1024 / 1024} MB (no SVG); ` +
          "it is fitted in 2:1 and re-encoded as WebP, its metadata dropped.",
      },
    },
    required,
    additionalProperties: false,
  };
}

const BAD_SPONSOR = error("A field or the logo is not valid (code invalid): fields names each one.", {
  bad_field: {
    summary: "Bad fields",
    value: problem("invalid", "The sponsor could not be saved: see the fields.", {
      website: "invalid_url",
      accountEmail: "no_account",
    }),
  },
  logo_type: {
    summary: "Not a picture",
    value: problem("invalid", "The logo is not a JPEG, PNG, WebP, GIF or AVIF image (SVG is not accepted).", {
      logo: "logo_type",
    }),
  },
});

const STAFF_ONLY = error("Signed in, but not staff (code forbidden).", {
  forbidden: { summary: "Not staff", value: problem("forbidden", "Staff only") },
});

const createRoute = operationRoute("post", "/", {
  ...privateOperation(
    {
      operationId: "createStaffSponsor",
      summary: "Create a sponsor",
      description:
        "Staff only. Creates a sponsor from a multipart form: its fields, a logo, and optionally the account " +
        "that may approve its appearances. Organizers can then choose it for their events; it appears on one " +
        "only once staff or that account approve. Written to the audit log.",
      tags,
    },
    { status: "201", description: "The sponsor.", schema: "StaffSponsorResponse" },
    { "400": BAD_SPONSOR, "403": STAFF_ONLY },
  ),
  requestBody: {
    required: true,
    content: {
      "multipart/form-data": {
        schema: sponsorFormSchema(["name", "description", "website", "tier", "industry", "contactEmail", "logo"]),
      },
    },
  },
});

const updateRoute = operationRoute("patch", "/{id}", {
  ...privateOperation(
    {
      operationId: "updateStaffSponsor",
      summary: "Change a sponsor",
      description:
        "Staff only. Changes the fields sent in a multipart form (the others stay), the logo when one is sent, " +
        "and the linked account (an empty accountEmail unlinks it). Written to the audit log with before and after.",
      tags,
      parameters: [recordIdParameter("The sponsor's number.")],
    },
    { description: "The sponsor as it is now.", schema: "StaffSponsorResponse" },
    { "400": BAD_SPONSOR, "403": STAFF_ONLY, "404": error("No such sponsor (code not_found).") },
  ),
  requestBody: { required: true, content: { "multipart/form-data": { schema: sponsorFormSchema([]) } } },
});

const decideRoute = operationRoute(
  "post",
  "/{id}/appearances/{eventId}/approval",
  privateOperation(
    {
      operationId: "decideStaffSponsorAppearance",
      summary: "Approve or decline an appearance",
      description:
        "Staff only. Answers an event's request to show the sponsor: approved, it appears on the event's page " +
        "and in the API at once; declined, it does not, and the organizer sees so on the event's edit page. " +
        "A decision can be changed. Written to the audit log.",
      tags,
      parameters: [recordIdParameter("The sponsor's number."), recordIdParameter("The event's number.", "eventId")],
      body: { schema: "SponsorAppearanceDecision", example: { decision: "approve" } },
    },
    { description: "The appearance's status now.", schema: "SponsorAppearanceResponse" },
    {
      "400": error("The body is not valid (code invalid)."),
      "403": STAFF_ONLY,
      "404": error("No such sponsor, or the event did not ask for it (code not_found)."),
    },
  ),
);

function idOf(value: string | undefined, what: string): number {
  const id = parseRecordId(value ?? "");
  if (id === null) throw new AppError("not_found", `No such ${what}.`);
  return id;
}

async function formOf(request: Request): Promise<FormData> {
  const form = await readFormWithin(request, MAX_FORM_BYTES);
  if (form === "too_large") {
    throw new AppError("invalid", `A logo is at most ${MAX_SPONSOR_LOGO_BYTES / 1024 / 1024} MB.`, {
      logo: "logo_too_large",
    });
  }
  if (!form) throw new AppError("invalid", FORM_SHAPE);
  // As every JSON body does, a form names the fields it does not know (the console's own form posts
  // more, and reads the fields it knows through the same sponsorWriteOf).
  const unknown = [...new Set(form.keys())].filter(
    (name) => name !== "logo" && !(SPONSOR_FORM_FIELDS as readonly string[]).includes(name),
  );
  if (unknown.length > 0) {
    throw new AppError("invalid", FORM_SHAPE, Object.fromEntries(unknown.map((name) => [name, "unknown_field"])));
  }
  return form;
}

function sponsorJson(sponsor: StaffSponsor) {
  const { id, name, description, website, tier, industry, contactEmail, logo, accountEmail } = sponsor;
  return { id, name, description, website, tier, industry, contactEmail, logo, accountEmail };
}

export function createStaffSponsorsApi() {
  const api = new OpenAPIHono<AppEnv>();
  api.use(async (c, next) => {
    await next();
    // After the handler, so that error answers carry it too: nothing here may be kept by a cache.
    c.res.headers.set("Cache-Control", PRIVATE_CACHE);
  });

  api.openapi(createRoute, async (c) => {
    // Before the body is read: nobody but staff learns anything, not even that a file is too large.
    const actor = requireStaffActor(c);
    const write = await sponsorWriteOf(await formOf(c.req.raw));
    const sponsor = await createSponsor(c.get("db"), actor, write, {
      now: currentTime(),
      uploadsDir: c.get("config").uploadsDir,
    });
    return c.json({ data: sponsorJson(sponsor) }, 201);
  });

  api.openapi(updateRoute, async (c) => {
    const actor = requireStaffActor(c);
    const id = idOf(c.req.param("id"), "sponsor");
    const write = await sponsorWriteOf(await formOf(c.req.raw));
    const sponsor = await updateSponsor(c.get("db"), actor, id, write, {
      now: currentTime(),
      uploadsDir: c.get("config").uploadsDir,
      partial: true,
    });
    return c.json({ data: sponsorJson(sponsor) }, 200);
  });

  api.use("/:id/appearances/:eventId/approval", limitBody());
  api.openapi(decideRoute, async (c) => {
    const actor = requireStaffActor(c);
    const sponsorId = idOf(c.req.param("id"), "sponsor");
    const eventId = idOf(c.req.param("eventId"), "event");
    const body = await readJsonBody(c, 'The body must be JSON: {"decision": "approve" | "decline"}.');
    const parsed = decisionBodySchema.safeParse(body);
    if (!parsed.success)
      throw invalidInput(parsed.error, 'The body must be JSON: {"decision": "approve" | "decline"}.');
    const { status } = await decideAppearance(
      c.get("db"),
      actor,
      { sponsorId, eventId, decision: parsed.data.decision },
      currentTime(),
    );
    return c.json({ data: { sponsorId, eventId, status } }, 200);
  });

  return api;
}
