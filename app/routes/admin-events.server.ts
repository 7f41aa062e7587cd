import { data, type AppLoadContext } from "react-router";
import { parseRecordId } from "#domain/record-id";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { formPageStatusOf } from "#server/http/error-response";
import { readSmallForm } from "#server/http/read-form";
import type { Viewer } from "#server/http/app-env";
import { MAJOR_EVENT_COUNT } from "#domain/staff-console";
import { setEventFeatured, setMajorEvents } from "#server/services/staff-events";
import { ADMIN_PAGE_HEADERS } from "./admin.server";

/** What the events page's forms answer: what was done, or the problems to show (translated words). */
export type AdminEventsActionData =
  | { done: { kind: "featured" | "unfeatured"; title: string } | { kind: "major" } }
  | { problem: string }
  | { majorProblems: Record<string, string>; majorValues: { eventIds: string[]; taglines: string[] } };

const answer = (body: AdminEventsActionData, status = 200) => data(body, { status, headers: ADMIN_PAGE_HEADERS });

/**
 * The events page's two forms: feature/unfeature one event (intent feature or unfeature, eventId), and
 * the Major Events (intent major, three eventId and three tagline fields in order). Refusals change
 * nothing and come back with a word the page translates.
 */
export async function adminEventsAction(request: Request, context: AppLoadContext, viewer: Viewer) {
  const form = await readSmallForm(request);
  if (form === "too_large") return answer({ problem: "bad_form" }, 413);
  if (!(form instanceof FormData)) return answer({ problem: "bad_form" }, 400);
  const intent = form.get("intent");
  const now = currentTime();
  if (intent === "feature" || intent === "unfeature") {
    const eventId = parseRecordId(String(form.get("eventId") ?? ""));
    if (eventId === null) return answer({ problem: "not_found" }, 422);
    try {
      const event = await setEventFeatured(context.db, viewer, eventId, intent === "feature", now);
      return answer({ done: { kind: event.isFeatured ? "featured" : "unfeatured", title: event.title } });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return answer({ problem: error.fields?.eventId ?? "not_found" }, formPageStatusOf(error));
    }
  }
  if (intent === "major") {
    const given = form.getAll("eventId").map(String).slice(0, MAJOR_EVENT_COUNT);
    const taglines = form.getAll("tagline").map(String).slice(0, MAJOR_EVENT_COUNT);
    const values = { eventIds: given, taglines };
    const eventIds = given.map((text) => parseRecordId(text));
    const unknown = Object.fromEntries(
      eventIds.flatMap((id, index) => (id === null ? [[`eventIds.${index}`, "not_found"]] : [])),
    );
    if (given.length !== MAJOR_EVENT_COUNT || Object.keys(unknown).length > 0) {
      const problems = given.length !== MAJOR_EVENT_COUNT ? { eventIds: "three_required" } : unknown;
      return answer({ majorProblems: problems, majorValues: values }, 422);
    }
    try {
      await setMajorEvents(context.db, viewer, { eventIds: eventIds as number[], taglines }, now);
      return answer({ done: { kind: "major" } });
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "invalid") throw error;
      return answer({ majorProblems: error.fields ?? { eventIds: "invalid" }, majorValues: values }, 422);
    }
  }
  return answer({ problem: "bad_form" }, 400);
}
