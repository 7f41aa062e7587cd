import { data, Form, Link } from "react-router";
import { MatchmakerQuizForm } from "#app/components/matchmaker/matchmaker-quiz-form";
import { MatchmakerResults } from "#app/components/matchmaker/matchmaker-results";
import { SubmitButton } from "#app/components/ui/submit-button";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { requireViewer } from "#app/require-viewer";
import { pageMeta } from "#app/seo";
import { EMPTY_MATCHMAKER_VALUES, matchmakerSearch, widenedValues } from "#domain/matchmaker-choices";
import { parseMatchmakerQuery, valuesOfAnswers } from "#domain/matchmaker-quiz";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { readSmallForm } from "#server/http/read-form";
import { getMatchmakerAnswers, matchEvents, saveMatchmakerAnswers } from "#server/services/matchmaker";
import { SavedEvents } from "#app/components/saves-follows/save-button";
import { savedEventsOf } from "./saves-follows.server";
import type { Route } from "./+types/event-matchmaker";

const PRIVATE = { "Cache-Control": "private, no-store" };

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return pageMeta(matches, {
    title: `${t("matchmaker.metaTitle")} | ${t("app.name")}`,
    description: t("matchmaker.metaDescription"),
    path: "/event-matchmaker",
  });
}

/**
 * /event-matchmaker: the quiz (a GET form, its answers in the address) and, once answered, the upcoming
 * events that match with the reason for each. A signed-in person who opens the page without answers in
 * the address sees the answers they saved, and their matches. Answers that do not pass the schema get
 * their errors and no results (400).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, viewer } = context;
  const now = currentTime();
  const query = parseMatchmakerQuery(new URL(request.url).searchParams);
  const saved = viewer && query.kind === "none" ? await getMatchmakerAnswers(db, viewer) : null;
  const answers = query.kind === "valid" ? query.answers : saved;
  const values = query.kind === "none" ? (saved ? valuesOfAnswers(saved) : EMPTY_MATCHMAKER_VALUES) : query.values;
  const [matches, savedEvents, messages] = await Promise.all([
    answers ? matchEvents(db, viewer, answers, now) : null,
    savedEventsOf(context),
    pageMessages(negotiateLanguage(request), ["matchmaker", "savesFollows"]),
  ]);
  return data(
    {
      now,
      values,
      errors: query.kind === "invalid" ? query.errors : null,
      matches,
      isAnswered: query.kind === "valid",
      showsSaved: saved !== null,
      signedIn: viewer !== null,
      savedEvents,
      pageMessages: messages,
    },
    { status: query.kind === "invalid" ? 400 : 200, headers: viewer ? PRIVATE : undefined },
  );
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

/**
 * "Save my answers": the form posts to the page's own address, whose answers are the ones kept (and
 * their categories added to the person's interests). Signed out, it leads to sign-in and back.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await readSmallForm(request);
  if (form === "too_large" || form?.get("intent") !== "save") {
    return data({ saved: false }, { status: 400, headers: PRIVATE });
  }
  const query = parseMatchmakerQuery(new URL(request.url).searchParams);
  if (query.kind !== "valid") return data({ saved: false }, { status: 400, headers: PRIVATE });
  try {
    await saveMatchmakerAnswers(context.db, viewer, query.answers);
  } catch (error) {
    if (error instanceof AppError && error.code === "invalid") {
      return data({ saved: false }, { status: 400, headers: PRIVATE });
    }
    throw error;
  }
  return data({ saved: true }, { headers: PRIVATE });
}

export default function EventMatchmakerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { values, errors, matches, isAnswered, showsSaved, signedIn, now } = loaderData;
  const here = `/event-matchmaker${matchmakerSearch(values)}`;
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-4 py-10">
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold">{t("matchmaker.title")}</h1>
        <p className="mt-2 text-muted-foreground">{t("matchmaker.intro")}</p>
      </div>
      {actionData && (
        <p
          role={actionData.saved ? "status" : "alert"}
          className={`rounded-md border p-4 text-sm ${actionData.saved ? "border-emerald-700 dark:border-emerald-400" : "border-red-700 dark:border-red-400"}`}
        >
          {t(actionData.saved ? "matchmaker.saved" : "matchmaker.saveFailed")}
        </p>
      )}
      {showsSaved && <p className="rounded-md bg-muted p-4 text-sm">{t("matchmaker.savedAnswersShown")}</p>}
      {isAnswered && (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-border p-4">
          {signedIn ? (
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <input type="hidden" name="intent" value="save" />
              <p className="text-sm text-muted-foreground">{t("matchmaker.saveHint")}</p>
              <SubmitButton>{t("matchmaker.save")}</SubmitButton>
            </Form>
          ) : (
            <>
              <p className="text-sm text-muted-foreground">{t("matchmaker.signInToSave")}</p>
              <Link
                to={`/signin?next=${encodeURIComponent(here)}`}
                className="font-medium text-primary underline underline-offset-4"
              >
                {t("matchmaker.signInLink")}
              </Link>
            </>
          )}
        </div>
      )}
      {/* Answered: the results beside the quiz on a wide screen, above it on a phone. */}
      <div className={matches ? "grid gap-8 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:items-start" : ""}>
        <div className="@container order-last rounded-xl border border-border bg-card p-4 text-card-foreground sm:p-6 lg:order-first">
          <MatchmakerQuizForm values={values} errors={errors} />
        </div>
        {matches && (
          <SavedEvents value={loaderData.savedEvents}>
            <MatchmakerResults
              matches={matches}
              now={new Date(now)}
              widenHref={`/event-matchmaker${matchmakerSearch(widenedValues(values))}`}
            />
          </SavedEvents>
        )}
      </div>
    </div>
  );
}
