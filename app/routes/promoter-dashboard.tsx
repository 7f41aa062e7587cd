import { Download } from "lucide-react";
import { data, Form, Link } from "react-router";
import { PromoterFiguresTable } from "#app/components/promoters/promoter-figures-table";
import { buttonClasses } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/submit-button";
import { TextField } from "#app/components/ui/text-field";
import { formatPercentFromBps } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { requireViewer } from "#app/require-viewer";
import { privatePageMeta } from "#app/seo";
import type { Language } from "#domain/language";
import { parseRecordId } from "#domain/record-id";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { readSmallForm } from "#server/http/read-form";
import {
  acceptPromoterInvitation,
  applyWithJoinCode,
  isListedPromoter,
  myPromoterFigures,
  myPromoterInvitations,
  setPromoterListing,
  totalsOf,
} from "#server/services/promoters";

import type { Route } from "./+types/promoter-dashboard";

const PRIVATE = { "Cache-Control": "private, no-store" };

type DashboardResult = { done: "joined" | "accepted" | "listing" } | { problem: "unknown_code" | "own_event" };

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("promoters.dashboard.metaTitle")} | ${t("app.name")}`);
}

/**
 * /promoters/dashboard: the signed-in person's promoting: invitations to accept, joining with an
 * event's code, their tracked links with clicks, orders, tickets, revenue and commission by event and
 * in total (and as CSV), and whether they are named among the month's top promoters.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const { db } = context;
  const [invitations, rows, listed, messages] = await Promise.all([
    myPromoterInvitations(db, viewer),
    myPromoterFigures(db, viewer),
    isListedPromoter(db, viewer),
    pageMessages(negotiateLanguage(request), ["promoters"]),
  ]);
  return data(
    { invitations, rows, totals: totalsOf(rows), listed, siteUrl: context.config.publicUrl, pageMessages: messages },
    { headers: PRIVATE },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await readSmallForm(request);
  const answer = (result: DashboardResult, status = 200) => data(result, { status, headers: PRIVATE });
  if (!(form instanceof FormData)) return answer({ problem: "unknown_code" }, 400);
  const now = currentTime();
  try {
    switch (form.get("intent")) {
      case "accept": {
        const id = parseRecordId(String(form.get("invitation") ?? ""));
        if (id === null) return answer({ problem: "unknown_code" }, 404);
        await acceptPromoterInvitation(context.db, viewer, id, now);
        return answer({ done: "accepted" });
      }
      case "listing":
        await setPromoterListing(context.db, viewer, form.get("listed") === "on");
        return answer({ done: "listing" });
      default:
        await applyWithJoinCode(context.db, viewer, String(form.get("code") ?? "").trim(), now);
        return answer({ done: "joined" });
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return answer(
      { problem: error.code === "conflict" ? "own_event" : "unknown_code" },
      error.code === "conflict" ? 409 : 404,
    );
  }
}

export default function PromoterDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { invitations, rows, totals, listed, siteUrl } = loaderData;
  const result = actionData as DashboardResult | undefined;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{t("promoters.dashboard.title")}</h1>
        <p className="max-w-3xl text-muted-foreground">
          {t("promoters.dashboard.intro")}{" "}
          <Link to="/promoters" className="font-medium text-primary underline underline-offset-2 hover:no-underline">
            {t("promoters.dashboard.about")}
          </Link>
        </p>
      </div>
      {result && "done" in result && (
        <p role="status" className="rounded-md border border-border bg-muted p-3 text-sm">
          {t(`promoters.dashboard.done.${result.done}`)}
        </p>
      )}

      {invitations.length > 0 && (
        <section aria-labelledby="invitations-title" className="flex flex-col gap-3">
          <h2 id="invitations-title" className="text-xl font-semibold">
            {t("promoters.dashboard.invitationsTitle")}
          </h2>
          <ul className="flex flex-col gap-2">
            {invitations.map((invitation) => (
              <li
                key={invitation.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border p-4"
              >
                <span>
                  <bdi className="font-medium">{invitation.eventTitle}</bdi>{" "}
                  <span className="text-sm text-muted-foreground">
                    {t("promoters.dashboard.rate", { rate: formatPercentFromBps(invitation.commissionBps, language) })}
                  </span>
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="accept" />
                  <input type="hidden" name="invitation" value={invitation.id} />
                  <SubmitButton size="sm">{t("promoters.dashboard.accept")}</SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section
        aria-labelledby="join-title"
        className="flex max-w-xl flex-col gap-3 rounded-xl border border-border p-5"
      >
        <h2 id="join-title" className="text-xl font-semibold">
          {t("promoters.dashboard.joinTitle")}
        </h2>
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="join" />
          <TextField
            id="join-code"
            name="code"
            required
            autoComplete="off"
            dir="ltr"
            label={t("promoters.dashboard.code")}
            hint={t("promoters.dashboard.codeHint")}
            {...(result && "problem" in result ? { errorId: "join-code-error" } : {})}
          />
          {result && "problem" in result && (
            <p id="join-code-error" className="text-sm text-red-700 dark:text-red-400">
              {t(`promoters.problems.${result.problem}`)}
            </p>
          )}
          <SubmitButton size="sm" className="self-start">
            {t("promoters.dashboard.join")}
          </SubmitButton>
        </Form>
      </section>

      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="links-title" className="text-xl font-semibold">
            {t("promoters.dashboard.linksTitle")}
          </h2>
          {rows.length > 0 && (
            <a href="/promoters/dashboard.csv" download className={buttonClasses("outline", "sm")}>
              <Download aria-hidden="true" className="h-4 w-4" />
              {t("promoters.csv")}
            </a>
          )}
        </div>
        {rows.length === 0 ? (
          <p className="text-muted-foreground">{t("promoters.dashboard.none")}</p>
        ) : (
          <PromoterFiguresTable
            id="my-promoting-caption"
            caption={t("promoters.dashboard.linksTitle")}
            rows={rows}
            totals={totals}
            by="event"
            siteUrl={siteUrl}
          />
        )}
        <p className="text-sm text-muted-foreground">{t("promoters.howCounted")}</p>
      </div>

      <section aria-labelledby="listing-title" className="flex max-w-xl flex-col gap-3">
        <h2 id="listing-title" className="text-xl font-semibold">
          {t("promoters.dashboard.listingTitle")}
        </h2>
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="listing" />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="listed" defaultChecked={listed} className="h-4 w-4" />
            {t("promoters.dashboard.listed")}
          </label>
          <SubmitButton variant="outline" size="sm" className="self-start">
            {t("promoters.dashboard.saveListing")}
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}
