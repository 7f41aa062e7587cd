import { ArrowLeft, Download } from "lucide-react";
import { data, Form, Link } from "react-router";
import { PromoterFiguresTable } from "#app/components/promoters/promoter-figures-table";
import { buttonClasses } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/submit-button";
import { TextField } from "#app/components/ui/text-field";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { requireViewer } from "#app/require-viewer";
import { privatePageMeta } from "#app/seo";
import { bpsToPercent, percentToBps } from "#domain/referral";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { readSmallForm } from "#server/http/read-form";
import { eventPromotersOverview, invitePromoter, openProgram } from "#server/services/promoters";
import { asEventStaff, STAFF_PAGE_HEADERS, staffEventId } from "./event-staff-page.server";
import type { Route } from "./+types/event-promoters";

/** What the forms answer: a done notice, or the field at fault and its problem word (promoters.problems.*). */
type PromotersResult =
  | { done: "invited" | "program"; problem?: undefined; field?: undefined }
  | { done?: undefined; field: "email" | "commission"; problem: string };

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("promoters.organizer.metaTitle")} | ${t("app.name")}`);
}

/**
 * /events/:id/promoters, for the event's organizer and co-organizers: the join code anyone signed in
 * may apply with, inviting a promoter by e-mail, and every promoter's clicks, orders, tickets, revenue
 * and commission owed, with the CSV. Anyone else gets the 404 of an event that does not exist.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const eventId = staffEventId(params);
  const overview = await asEventStaff(() => eventPromotersOverview(context.db, viewer, eventId));
  return data(
    {
      ...overview,
      siteUrl: context.config.publicUrl,
      pageMessages: await pageMessages(negotiateLanguage(request), ["promoters"]),
    },
    { headers: STAFF_PAGE_HEADERS },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const eventId = staffEventId(params);
  const form = await readSmallForm(request);
  const answer = (result: PromotersResult, status = 200) => data(result, { status, headers: STAFF_PAGE_HEADERS });
  if (!(form instanceof FormData)) return answer({ field: "email", problem: "invalid" }, 400);
  const commissionBps = percentToBps(String(form.get("commission") ?? ""));
  if (commissionBps === null) return answer({ field: "commission", problem: "commission_invalid" }, 400);
  try {
    if (form.get("intent") === "program") {
      await asEventStaff(() => openProgram(context.db, viewer, eventId, commissionBps));
      return answer({ done: "program" });
    }
    const email = String(form.get("email") ?? "").trim();
    await asEventStaff(() =>
      invitePromoter(
        context.db,
        viewer,
        eventId,
        { email, commissionBps },
        {
          now: currentTime(),
          siteUrl: context.config.publicUrl,
          language: negotiateLanguage(request),
        },
      ),
    );
    return answer({ done: "invited" });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const word = error.fields?.email ?? (error.code === "rate_limited" ? "too_many_invitations" : "invalid");
    return answer(
      { field: "email", problem: word === "invalid" ? "email_invalid" : word },
      error.code === "conflict" ? 409 : 400,
    );
  }
}

export default function EventPromotersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { event, program, rows, totals, siteUrl } = loaderData;
  const result = actionData as PromotersResult | undefined;
  const problem = (field: "email" | "commission", id: string) =>
    result?.field === field ? (
      <p id={id} className="text-sm text-red-700 dark:text-red-400">
        {t(`promoters.problems.${result.problem}`)}
      </p>
    ) : null;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-8">
      <div className="flex flex-col gap-2">
        <Link
          to={`/events/${event.id}/orders`}
          className="inline-flex items-center gap-1 text-sm text-primary underline"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
          {t("promoters.organizer.back")}
        </Link>
        <h1 className="text-3xl font-bold">{t("promoters.organizer.title")}</h1>
        <p className="text-muted-foreground">
          <bdi>{event.title}</bdi>
        </p>
        <p className="max-w-3xl text-sm text-muted-foreground">{t("promoters.organizer.intro")}</p>
      </div>
      {result?.done && (
        <p role="status" className="rounded-md border border-border bg-muted p-3 text-sm">
          {t(`promoters.organizer.done.${result.done}`)}
        </p>
      )}

      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="join-code-title" className="flex flex-col gap-3 rounded-xl border border-border p-5">
          <h2 id="join-code-title" className="text-xl font-semibold">
            {t("promoters.organizer.codeTitle")}
          </h2>
          {program ? (
            <p className="text-sm">
              {t("promoters.organizer.codeIs")}{" "}
              <code dir="ltr" data-testid="join-code" className="rounded bg-muted px-2 py-1 font-semibold">
                {program.joinCode}
              </code>
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">{t("promoters.organizer.noCode")}</p>
          )}
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="program" />
            <TextField
              id="program-commission"
              name="commission"
              inputMode="decimal"
              label={t("promoters.organizer.commission")}
              hint={t("promoters.organizer.commissionHint")}
              defaultValue={program ? bpsToPercent(program.commissionBps) : ""}
            />
            <SubmitButton variant="outline" size="sm" className="self-start">
              {t(program ? "promoters.organizer.saveCode" : "promoters.organizer.openCode")}
            </SubmitButton>
          </Form>
        </section>

        <section aria-labelledby="invite-title" className="flex flex-col gap-3 rounded-xl border border-border p-5">
          <h2 id="invite-title" className="text-xl font-semibold">
            {t("promoters.organizer.inviteTitle")}
          </h2>
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="invite" />
            <TextField
              id="invite-email"
              name="email"
              type="email"
              required
              autoComplete="off"
              label={t("promoters.organizer.email")}
              {...(result?.field === "email" ? { errorId: "invite-email-error" } : {})}
            />
            {problem("email", "invite-email-error")}
            <TextField
              id="invite-commission"
              name="commission"
              inputMode="decimal"
              label={t("promoters.organizer.commission")}
              hint={t("promoters.organizer.commissionHint")}
              {...(result?.field === "commission" ? { errorId: "invite-commission-error" } : {})}
            />
            {problem("commission", "invite-commission-error")}
            <SubmitButton size="sm" className="self-start">
              {t("promoters.organizer.invite")}
            </SubmitButton>
          </Form>
        </section>
      </div>

      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="figures-title" className="text-xl font-semibold">
            {t("promoters.organizer.figuresTitle")}
          </h2>
          <a href={`/events/${event.id}/promoters.csv`} download className={buttonClasses("outline", "sm")}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {t("promoters.csv")}
          </a>
        </div>
        {rows.length === 0 ? (
          <p className="text-muted-foreground">{t("promoters.organizer.none")}</p>
        ) : (
          <PromoterFiguresTable
            id="event-promoters-caption"
            caption={t("promoters.organizer.figuresTitle")}
            rows={rows}
            totals={totals}
            by="promoter"
            siteUrl={siteUrl}
          />
        )}
        <p className="text-sm text-muted-foreground">{t("promoters.howCounted")}</p>
      </div>
    </div>
  );
}
