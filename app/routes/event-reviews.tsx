import { data, Link, redirect } from "react-router";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { negotiateLanguage } from "#app/i18n/preferences";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useTranslation } from "#app/i18n/use-translation";
import { privatePageMeta } from "#app/seo";
import { metaTranslator } from "#app/i18n/meta";
import { parseRecordId } from "#domain/record-id";
import { MAX_REVIEW_BODY_LENGTH } from "#domain/review";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { formPageStatusOf } from "#server/http/error-response";
import { readSmallForm } from "#server/http/read-form";
import {
  answerReview,
  createReview,
  editReview,
  getReviewByAuthor,
  reviewEventId,
  setReviewHelpful,
} from "#server/services/reviews";
import type { Route } from "./+types/event-reviews";

const NO_STORE = { "Cache-Control": "private, no-store" };

/** What a review form hears back: done, or the one problem to fix (a `reviews.errors` key). */
export type ReviewActionResult =
  { ok: true; done: "saved" | "answered" | "helpful" | "unhelpful" } | { ok: false; problem: ReviewProblem };

const PROBLEMS = [
  "rating_invalid",
  "body_too_long",
  "body_invalid",
  "answer_required",
  "answer_too_long",
  "answer_invalid",
  "not_a_ticket_holder",
  "organizer",
  "event_not_over",
  "already_reviewed",
  "edit_window_closed",
  "already_answered",
  "not_organizer",
  "own_review",
  "not_found",
  "invalid",
] as const;
export type ReviewProblem = (typeof PROBLEMS)[number];

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("reviews.title")} | ${t("app.name")}`);
}

/** `/events/{id}/reviews` is where the event page's review forms post; opened, it leads to the reviews. */
export function loader({ params }: Route.LoaderArgs) {
  const id = parseRecordId(params.id ?? "");
  if (id === null) throw data(null, { status: 404 });
  return redirect(`/events/${id}#reviews`);
}

/**
 * Writes or edits the viewer's review (intent save), answers one (answer), marks or un-marks one helpful
 * (helpful, unhelpful), each through services/reviews.ts. Signed out: to sign-in, and back.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const eventId = parseRecordId(params.id ?? "");
  if (eventId === null) throw data(null, { status: 404 });
  if (!context.viewer) throw redirect(`/signin?next=${encodeURIComponent(`/events/${eventId}#reviews`)}`);
  const actor = { userId: context.viewer.userId };
  const messages = await pageMessages(negotiateLanguage(request), ["reviews"]);
  const answer = (result: ReviewActionResult, status = 200) =>
    data({ ...result, eventId, pageMessages: messages }, { status, headers: NO_STORE });
  const form = await readSmallForm(request);
  if (!form || form === "too_large") return answer({ ok: false, problem: "invalid" }, form ? 413 : 400);
  const intent = String(form.get("intent") ?? "");
  const now = currentTime();
  try {
    if (intent === "save") {
      const input = {
        rating: String(form.get("rating") ?? ""),
        body: String(form.get("body") ?? "").slice(0, MAX_REVIEW_BODY_LENGTH * 2),
      };
      const own = await getReviewByAuthor(context.db, eventId, actor.userId);
      if (own) await editReview(context.db, actor, own.id, input, now);
      else await createReview(context.db, actor, eventId, input, now);
      return answer({ ok: true, done: "saved" });
    }
    const reviewId = parseRecordId(String(form.get("reviewId") ?? ""));
    if (reviewId === null || (await reviewEventId(context.db, reviewId)) !== eventId) {
      return answer({ ok: false, problem: "not_found" }, 404);
    }
    if (intent === "answer") {
      await answerReview(context.db, actor, reviewId, { answer: String(form.get("answer") ?? "") }, now);
      return answer({ ok: true, done: "answered" });
    }
    if (intent === "helpful" || intent === "unhelpful") {
      await setReviewHelpful(context.db, actor, reviewId, intent === "helpful", now);
      return answer({ ok: true, done: intent });
    }
    return answer({ ok: false, problem: "invalid" }, 422);
  } catch (error) {
    if (!(error instanceof AppError) || error.code === "internal") throw error;
    const words = Object.values(error.fields ?? {});
    const problem =
      PROBLEMS.find((word) => words.includes(word)) ?? (error.code === "not_found" ? "not_found" : "invalid");
    return answer({ ok: false, problem }, formPageStatusOf(error));
  }
}

/** Without JavaScript, the form's answer shows here, with the way back to the event. */
export default function EventReviewsAnswer({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!actionData) return null;
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold">{t("reviews.title")}</h1>
      <p role={actionData.ok ? "status" : "alert"}>
        {actionData.ok ? t(`reviews.done.${actionData.done}`) : t(`reviews.errors.${actionData.problem}`)}
      </p>
      <Link to={`/events/${actionData.eventId}#reviews`} className={TEXT_LINK}>
        {t("reviews.backToEvent")}
      </Link>
    </section>
  );
}
