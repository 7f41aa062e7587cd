import { data, type AppLoadContext } from "react-router";
import { MAX_SPONSOR_LOGO_BYTES } from "#domain/sponsor";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { formPageStatusOf } from "#server/http/error-response";
import { readFormWithin } from "#server/http/read-form";
import type { Actor } from "#server/services/actor";
import { SPONSOR_FORM_FIELDS, sponsorWriteOf, type SponsorWrite } from "#server/services/sponsor-admin";
import { decideAppearance } from "#server/services/sponsor-appearances";
import { ADMIN_PAGE_HEADERS } from "./admin.server";

/* What the console's sponsor pages share: reading a sponsor form, and answering a refusal. */

/** Room for the text fields and the multipart framing beside the largest accepted logo. */
const MAX_FORM_BYTES = MAX_SPONSOR_LOGO_BYTES + 64 * 1024;

export type SponsorFormValues = Record<(typeof SPONSOR_FORM_FIELDS)[number], string>;

export interface SponsorFormResult {
  ok: boolean;
  /** A problem word per field (admin.sponsors.errors.*); `_` for the form as a whole. */
  problems: Record<string, string>;
  /** What was typed, shown again after a refusal. */
  values: SponsorFormValues | null;
}

function valuesOf(form: FormData): SponsorFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return Object.fromEntries(SPONSOR_FORM_FIELDS.map((name) => [name, text(name)])) as SponsorFormValues;
}

export function refused(problems: Record<string, string>, values: SponsorFormValues | null, status = 422) {
  return data({ ok: false, problems, values } satisfies SponsorFormResult, { status, headers: ADMIN_PAGE_HEADERS });
}

/** A refusal's problems by field; anything the form has no field for is the form's as a whole. */
function problemsOf(error: AppError): Record<string, string> {
  const known = new Set<string>([...SPONSOR_FORM_FIELDS, "logo"]);
  const problems: Record<string, string> = {};
  for (const [field, problem] of Object.entries(error.fields ?? { _: "invalid" })) {
    if (known.has(field)) problems[field] = problem;
    else problems._ = "invalid";
  }
  return problems;
}

/**
 * Reads the sponsor form and runs `save` with it; a bad form or a refusal answers the form again
 * with its problems and what was typed (nothing is stored then).
 */
export async function saveSponsorForm<T>(
  form: FormData,
  save: (write: SponsorWrite) => Promise<T>,
): Promise<{ saved: T } | ReturnType<typeof refused>> {
  const values = valuesOf(form);
  try {
    return { saved: await save(await sponsorWriteOf(form)) };
  } catch (error) {
    if (error instanceof AppError && (error.code === "invalid" || error.code === "not_found")) {
      return refused(problemsOf(error), values, formPageStatusOf(error));
    }
    throw error;
  }
}

/** The posted form, or the answer for a body that is too large or no form at all. */
export async function readSponsorForm(request: Request) {
  const form = await readFormWithin(request, MAX_FORM_BYTES);
  if (form === "too_large") return { refusal: refused({ logo: "logo_too_large" }, null, 413) };
  if (!form) return { refusal: refused({ _: "invalid" }, null, 400) };
  return { form };
}

/** Approves or declines an appearance from a console or dashboard form (`sponsorId`, `eventId`, `decision`). */
export async function decideFromForm(form: FormData, actor: Actor, context: AppLoadContext, sponsorId?: number) {
  const number = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : null;
  };
  const eventId = number("eventId");
  const sponsor = sponsorId ?? number("sponsorId");
  const decision = form.get("decision");
  if (eventId === null || sponsor === null || (decision !== "approve" && decision !== "decline")) {
    return data({ decided: null, problem: "invalid" }, { status: 400, headers: ADMIN_PAGE_HEADERS });
  }
  try {
    const { status } = await decideAppearance(
      context.db,
      actor,
      { sponsorId: sponsor, eventId, decision },
      currentTime(),
    );
    return data({ decided: { eventId, sponsorId: sponsor, status }, problem: null }, { headers: ADMIN_PAGE_HEADERS });
  } catch (error) {
    if (error instanceof AppError && error.code !== "internal") {
      return data(
        { decided: null, problem: error.code === "forbidden" ? "forbidden" : "not_found" },
        { status: formPageStatusOf(error), headers: ADMIN_PAGE_HEADERS },
      );
    }
    throw error;
  }
}
