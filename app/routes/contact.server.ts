import { data, type AppLoadContext } from "react-router";
import type { ContactFormResult } from "#app/components/contact/contact-form";
import { negotiateLanguage } from "#app/i18n/preferences";
import type { ContactFormValues } from "#domain/contact-message";
import { currentTime } from "#server/clock";
import { readSmallForm } from "#server/http/read-form";
import type { ContactOutcome, ContactRequest, ContactSubmission } from "#server/services/contact";

/** A contact page says who sent what: never kept by a cache, and its form carries a one-time token. */
export const NO_STORE = { "Cache-Control": "private, no-store" };

const EMPTY: ContactFormValues = { name: "", email: "", topic: "", message: "", reference: "" };

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * A contact page's action: reads the form (a small one; a bigger body changes nothing), hands it to
 * `send` (services/contact.ts) and answers the page's result with the status that fits: 200 for a
 * sent message (or a trapped one, which must look the same), 400 for a problem with the fields or
 * the form, 429 over the limits.
 */
export async function contactAction(
  request: Request,
  context: AppLoadContext,
  send: (submission: ContactSubmission, contactRequest: ContactRequest) => Promise<ContactOutcome>,
) {
  const form = await readSmallForm(request);
  if (form === "too_large" || !form) {
    return answer({ sent: false, problem: "invalid_form", fields: {}, values: EMPTY }, form ? 413 : 400);
  }
  const values: ContactFormValues = {
    name: text(form, "name"),
    email: text(form, "email"),
    topic: text(form, "topic"),
    message: text(form, "message"),
    reference: text(form, "reference"),
  };
  const outcome = await send(
    { values, token: form.get("formToken"), honeypot: text(form, "website") },
    {
      ip: context.clientAddress,
      now: currentTime(),
      language: negotiateLanguage(request),
      userId: context.viewer?.userId ?? null,
      contactEmail: context.config.contactEmail,
    },
  );
  if (outcome.outcome === "sent") {
    return answer({ sent: true, reference: outcome.reference, email: values.email.trim() }, 200);
  }
  if (outcome.outcome === "invalid") {
    return answer({ sent: false, problem: "fields", fields: outcome.problems, values }, 400);
  }
  if (outcome.outcome === "too_many") return answer({ sent: false, problem: "rate_limited", fields: {}, values }, 429);
  return answer({ sent: false, problem: "expired", fields: {}, values }, 400);
}

function answer(result: ContactFormResult, status: number) {
  return data(result, { status, headers: NO_STORE });
}
