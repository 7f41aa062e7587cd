import { AlertTriangle } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { authRequestOf } from "#app/account-request";
import { DeletionConsequences } from "#app/components/privacy/privacy-sections";
import { buttonClasses } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/submit-button";
import { TextField } from "#app/components/ui/text-field";
import { flashCookie } from "#app/flash";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { requireViewer } from "#app/require-viewer";
import { privatePageMeta } from "#app/seo";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { formPageStatusOf } from "#server/http/error-response";
import { readSmallForm } from "#server/http/read-form";
import { clearedSessionCookie } from "#server/http/session-cookie";
import { accountHasPassword, deleteAccount, eventsBlockingDeletion } from "#server/services/account-deletion";
import type { Route } from "./+types/delete-account";

const PRIVATE = { "Cache-Control": "private, no-store" };
const PROBLEM_ID = "delete-account-problem";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("accountData.deletePage.metaTitle")} | ${t("app.name")}`);
}

/** What the page needs: how the account confirms, and the events that must be cancelled first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const [hasPassword, blockingEvents, messages] = await Promise.all([
    accountHasPassword(context.db, viewer),
    eventsBlockingDeletion(context.db, viewer.userId, currentTime()),
    pageMessages(negotiateLanguage(request), ["privacy", "accountData"]),
  ]);
  return data({ email: viewer.email, hasPassword, blockingEvents, pageMessages: messages }, { headers: PRIVATE });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

type Problem = "wrongPassword" | "wrongEmail" | "required" | "hasSales" | "rateLimited" | "formTooLarge";

function problemOf(error: AppError): Problem {
  if (error.code === "conflict") return "hasSales";
  if (error.code === "rate_limited") return "rateLimited";
  const fields = error.fields ?? {};
  if (fields.password === "wrong") return "wrongPassword";
  if (fields.email === "wrong") return "wrongEmail";
  return "required";
}

/**
 * Deletes the account once confirmed (server/services/account-deletion.ts), clears this browser's
 * session cookie (every session is already gone) and goes home with a notice. A wrong confirmation
 * answers the page again with what went wrong, and nothing changed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await readSmallForm(request);
  if (form === "too_large") return data({ problem: "required" as Problem }, { status: 413, headers: PRIVATE });
  try {
    await deleteAccount(
      context.db,
      viewer,
      { password: form?.get("password") ?? undefined, email: form?.get("email") ?? undefined },
      { ...authRequestOf(request, context), now: currentTime() },
      context.config.uploadsDir,
    );
  } catch (error) {
    if (error instanceof AppError && error.code !== "internal" && error.code !== "not_found") {
      return data({ problem: problemOf(error) }, { status: formPageStatusOf(error), headers: PRIVATE });
    }
    throw error;
  }
  const headers = new Headers(PRIVATE);
  headers.append("Set-Cookie", clearedSessionCookie(context.config));
  headers.append("Set-Cookie", flashCookie("accountDeleted"));
  return redirect("/", { headers });
}

export default function DeleteAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { email, hasPassword, blockingEvents } = loaderData;
  const problem = actionData?.problem;
  const field = hasPassword ? "password" : "email";
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{t("accountData.deletePage.title")}</h1>
      <div className="flex flex-col gap-3">
        <p className="font-medium">{t("accountData.deletePage.intro")}</p>
        <DeletionConsequences />
        <p>
          <Link
            to="/privacy#stored"
            className="font-medium text-primary underline underline-offset-2 hover:no-underline"
          >
            {t("accountData.deletePage.readMore")}
          </Link>
        </p>
      </div>
      {blockingEvents.length > 0 && (
        <section
          aria-labelledby="blocking-events-title"
          className="flex flex-col gap-3 rounded-xl border border-amber-600 bg-amber-50 p-5 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <h2 id="blocking-events-title" className="flex items-center gap-2 text-lg font-semibold">
            <AlertTriangle aria-hidden="true" className="h-5 w-5" />
            {t("accountData.deletePage.blockedTitle")}
          </h2>
          <p>{t("accountData.deletePage.blockedBody")}</p>
          <ul className="flex list-disc flex-col gap-1 ps-6">
            {blockingEvents.map((event) => (
              <li key={event.id}>
                <Link to={`/events/${event.id}/edit`} className="font-medium underline underline-offset-2">
                  {t("accountData.deletePage.manage", { title: event.title })}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Form method="post" className="flex flex-col gap-4 rounded-xl border border-border p-5">
        {problem && (
          <p
            id={PROBLEM_ID}
            role="alert"
            className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-800 dark:border-red-400 dark:bg-red-950/40 dark:text-red-200"
          >
            {t(`accountData.errors.${problem === "formTooLarge" ? "required" : problem}`)}
          </p>
        )}
        {hasPassword ? (
          <TextField
            id="delete-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            label={t("accountData.deletePage.passwordLabel")}
            hint={t("accountData.deletePage.passwordHint")}
            errorId={problem ? PROBLEM_ID : undefined}
          />
        ) : (
          <TextField
            id="delete-email"
            name={field}
            type="email"
            autoComplete="off"
            required
            label={t("accountData.deletePage.emailLabel")}
            hint={t("accountData.deletePage.emailHint", { email })}
            errorId={problem ? PROBLEM_ID : undefined}
          />
        )}
        <div className="flex flex-wrap gap-3">
          <SubmitButton
            variant="bare"
            className={buttonClasses("primary", "md", "bg-red-700 text-white hover:bg-red-800 dark:bg-red-700")}
            pendingLabel={t("accountData.deletePage.pending")}
          >
            {t("accountData.deletePage.submit")}
          </SubmitButton>
          <Link to="/dashboard#account-data" className={buttonClasses("outline")}>
            {t("accountData.deletePage.keep")}
          </Link>
        </div>
      </Form>
    </div>
  );
}
