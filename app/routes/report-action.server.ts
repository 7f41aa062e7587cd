import { data, type AppLoadContext } from "react-router";
import { MAX_REPORT_DETAILS_LENGTH, type ReportSubjectType } from "#domain/report";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { formPageStatusOf } from "#server/http/error-response";
import { readSmallForm } from "#server/http/read-form";
import { reportSubject } from "#server/services/reports";

/*
 * The server half of the report pages, shared by `/events/{id}/report` (report-event.tsx) and
 * `/reviews/{id}/report`, `/photos/{id}/report` (report-content.tsx): reads the form, files the report
 * (services/reports.ts checks it and throttles it) and answers with what the page shows next.
 */

/** The answer says what happened to one person's report: never kept by a cache. */
export const REPORT_PAGE_HEADERS = { "Cache-Control": "private, no-store" };

type Problem = "reason_invalid" | "details_too_long" | "details_invalid" | "too_many_reports" | "invalid";
type ReportActionResult =
  { sent: true; repeat: boolean } | { sent: false; problem: Problem; reason: string; details: string };

/** Stores the report on `subject`; bad input is refused with what to fix, and nothing is stored. */
export async function reportFormAction(
  request: Request,
  context: AppLoadContext,
  subject: { type: ReportSubjectType; id: number },
) {
  const form = await readSmallForm(request);
  if (form === "too_large" || !form) {
    return answer({ sent: false, problem: "invalid", reason: "", details: "" }, form ? 413 : 400);
  }
  const reason = String(form.get("reason") ?? "");
  const details = String(form.get("details") ?? "");
  try {
    const receipt = await reportSubject(
      context.db,
      context.viewer && { userId: context.viewer.userId },
      subject,
      { reason, ...(details.trim() ? { details } : {}) },
      { clientAddress: context.clientAddress, now: currentTime() },
    );
    return answer({ sent: true, repeat: receipt.isRepeat }, 200);
  } catch (error) {
    if (!(error instanceof AppError) || (error.code !== "invalid" && error.code !== "rate_limited")) throw error;
    const problem: Problem =
      error.code === "rate_limited"
        ? "too_many_reports"
        : error.fields?.reason
          ? "reason_invalid"
          : error.fields?.details === "details_too_long"
            ? "details_too_long"
            : error.fields?.details
              ? "details_invalid"
              : "invalid";
    return answer(
      { sent: false, problem, reason, details: details.slice(0, MAX_REPORT_DETAILS_LENGTH * 2) },
      formPageStatusOf(error),
    );
  }
}

function answer(result: ReportActionResult, status: number) {
  return data(result, { status, headers: REPORT_PAGE_HEADERS });
}

/** A report page's headers: the action's when it answered, otherwise the loader's. */
export function reportPageHeaders({
  actionHeaders,
  loaderHeaders,
}: {
  actionHeaders: Headers;
  loaderHeaders: Headers;
}) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}
