import { data, Form, Link, redirect } from "react-router";
import { parseRecordId } from "#domain/record-id";
import { waitlistJoinSchema, type WaitlistProblem } from "#domain/waitlist";
import { SubmitButton } from "#app/components/ui/submit-button";
import { flashCookie } from "#app/flash";
import { buttonClasses } from "#app/components/ui/button";
import type { WaitlistFormResult } from "#app/components/waitlist-form";
import { formatDate, formatTime } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { privatePageMeta } from "#app/seo";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { readSmallForm } from "#server/http/read-form";
import { requireViewer } from "#app/require-viewer";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import {
  confirmWaitlistEntry,
  joinWaitlist,
  leaveWaitlist,
  listMyWaitlistEntries,
  type MyWaitlistEntry,
} from "#server/services/waitlist";
import type { Route } from "./+types/waitlist";

const PRIVATE = { "Cache-Control": "private, no-store" };
/** Our link tokens are 43 characters; anything far longer is not one of ours. */
const MAX_TOKEN_LENGTH = 100;

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("waitlist.page.title")} | ${t("app.name")}`);
}

/**
 * /waitlist: the signed-in person's waitlist places, each of which they may leave. `?leave=<entry id>`
 * asks to confirm leaving that place (a link never changes anything by itself). Leaving is for the
 * owner only: the account that joined, or the account whose confirmed e-mail the place was taken
 * with; a guest's place simply ends when its offer expires unpaid, or when they cancel the offer's order.
 * `?confirm=<token>`, the link e-mailed to a guest who joined, asks to confirm the address with one
 * button (mail programs open links to scan them: the link alone changes nothing).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const confirmToken = new URL(request.url).searchParams.get("confirm")?.slice(0, MAX_TOKEN_LENGTH) ?? null;
  const leave = new URL(request.url).searchParams.get("leave");
  if (leave !== null) requireViewer(request, context);
  const { viewer } = context;
  const entries = viewer ? await listMyWaitlistEntries(context.db, viewer) : null;
  const leaveId = leave === null ? null : parseRecordId(leave);
  const leaving = entries?.find((entry) => entry.id === leaveId && entry.status === "waiting") ?? null;
  return data(
    { entries, leaving: leaving && leaving.id, leaveNotFound: leave !== null && leaving === null, confirmToken },
    { headers: PRIVATE },
  );
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

type JoinAnswer = WaitlistFormResult & { eventId: number | null };

/**
 * Joining (WaitlistForm posts here) goes back to the event's tickets with a notice; a problem is
 * answered as data: shown by the form itself with scripts, or on this page without them. Leaving
 * (intent=leave, from this page) needs the owner signed in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallForm(request);
  if (form === "too_large" || form === null) return joinProblem("not_found", { name: "", email: "" }, null, 400);
  if (form.get("intent") === "confirm") {
    const token = String(form.get("token") ?? "").slice(0, MAX_TOKEN_LENGTH);
    const confirmOutcome = await confirmWaitlistEntry(context.db, token, currentTime());
    return data({ confirmOutcome }, { status: confirmOutcome === "done" ? 200 : 400, headers: PRIVATE });
  }
  if (form.get("intent") === "leave") {
    const viewer = requireViewer(request, context);
    const entryId = parseRecordId(String(form.get("entryId") ?? ""));
    try {
      if (entryId === null) throw new AppError("not_found", "No such waitlist place.");
      await leaveWaitlist(context.db, viewer, entryId);
    } catch (error) {
      if (error instanceof AppError && error.code === "not_found") {
        return data({ leaveNotFound: true }, { status: 404, headers: PRIVATE });
      }
      throw error;
    }
    return redirect("/waitlist", { headers: { "Set-Cookie": flashCookie("waitlistLeft") } });
  }

  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = { name: text("name").slice(0, 200), email: text("email").slice(0, 320) };
  const eventId = parseRecordId(text("eventId"));
  const parsed = waitlistJoinSchema.safeParse({
    eventId: text("eventId"),
    ticketTypeId: text("ticketTypeId"),
    name: values.name,
    email: values.email,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const isAboutPerson = issue.path[0] === "name" || issue.path[0] === "email";
    return joinProblem(isAboutPerson ? (issue.message as WaitlistProblem) : "not_found", values, eventId, 400);
  }
  let isConfirmed: boolean;
  try {
    ({ isConfirmed } = await joinWaitlist(context.db, context.viewer, parsed.data, {
      now: currentTime(),
      language: negotiateLanguage(request),
      clientAddress: context.clientAddress,
      siteUrl: context.config.publicUrl,
    }));
  } catch (error) {
    if (!(error instanceof AppError) || error.code === "internal" || error.code === "unauthenticated") throw error;
    const problem = Object.values(error.fields ?? {})[0] as WaitlistProblem | undefined;
    return joinProblem(problem ?? "not_found", values, eventId, STATUS_OF[error.code]);
  }
  return redirect(`/events/${parsed.data.eventId}#tickets`, {
    // A guest's place counts once the address is confirmed from the e-mail just sent.
    headers: { "Set-Cookie": flashCookie(isConfirmed ? "waitlistJoined" : "waitlistConfirmSent") },
  });
}

const STATUS_OF: Record<Exclude<AppError["code"], "internal" | "unauthenticated">, number> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
};

function joinProblem(problem: WaitlistProblem, values: JoinAnswer["values"], eventId: number | null, status: number) {
  const answer: JoinAnswer = { problem, values, eventId };
  return data(answer, { status, headers: PRIVATE });
}

export default function WaitlistPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { entries, leaving, confirmToken } = loaderData;
  const confirmOutcome = actionData && "confirmOutcome" in actionData ? actionData.confirmOutcome : null;
  if (confirmOutcome || confirmToken) {
    return <ConfirmPlace token={confirmToken ?? ""} outcome={confirmOutcome} />;
  }
  const joinAnswer = actionData && "problem" in actionData ? actionData : null;
  const leaveNotFound = loaderData.leaveNotFound || (actionData !== undefined && "leaveNotFound" in actionData);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold">{t("waitlist.page.title")}</h1>
        <p className="mt-2 text-muted-foreground">{t("waitlist.page.description")}</p>
      </div>
      {joinAnswer && (
        <div role="alert" className="rounded-md border border-red-700 p-4 dark:border-red-400">
          <h2 className="font-semibold">{t("waitlist.page.problemTitle")}</h2>
          <p className="mt-1 text-sm">{t(`waitlist.problems.${joinAnswer.problem}`)}</p>
          {joinAnswer.eventId !== null && (
            <Link
              to={`/events/${joinAnswer.eventId}#tickets`}
              className="mt-2 inline-block text-sm underline underline-offset-4"
            >
              {t("waitlist.page.backToEvent")}
            </Link>
          )}
        </div>
      )}
      {leaveNotFound && (
        <p role="alert" className="rounded-md border border-border p-4 text-sm">
          {t("waitlist.page.notYours")}
        </p>
      )}
      {entries === null ? (
        <p>
          {t("waitlist.page.signIn")}{" "}
          <Link to="/signin?next=%2Fwaitlist" className="font-medium underline underline-offset-4">
            {t("waitlist.page.signInLink")}
          </Link>
        </p>
      ) : entries.length === 0 ? (
        <p>{t("waitlist.page.empty")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {entries.map((entry) => (
            <WaitlistPlace key={entry.id} entry={entry} isLeaving={entry.id === leaving} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** The e-mailed link's page: one button confirms the address, then says how it went. */
function ConfirmPlace({ token, outcome }: { token: string; outcome: "done" | "invalid" | null }) {
  const { t } = useTranslation();
  const key = outcome === "done" ? "done" : outcome === "invalid" ? "invalid" : "ask";
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">{t(`waitlist.confirm.${key}Title`)}</h1>
      <p role={outcome ? "status" : undefined}>{t(`waitlist.confirm.${key}`)}</p>
      {outcome === null ? (
        <Form method="post">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="token" value={token} />
          <SubmitButton className="w-full">{t("waitlist.confirm.submit")}</SubmitButton>
        </Form>
      ) : (
        <Link to="/events" className="font-medium text-primary underline underline-offset-2">
          {t("waitlist.confirm.browse")}
        </Link>
      )}
    </div>
  );
}

function WaitlistPlace({ entry, isLeaving }: { entry: MyWaitlistEntry; isLeaving: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const when = (instant: Date) =>
    `${formatDate(instant, entry.timeZone, language)} ${formatTime(instant, entry.timeZone, language)}`;
  return (
    <li className="rounded-md border border-border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold">
          <Link to={`/events/${entry.eventId}`} className="underline-offset-4 hover:underline">
            {entry.eventTitle}
          </Link>
        </h2>
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium">
          {t(`waitlist.status.${entry.status}`)}
        </span>
      </div>
      <p className="text-sm">{entry.ticketTypeName}</p>
      <p className="text-sm text-muted-foreground">
        {t("waitlist.page.joinedOn", { date: formatDate(new Date(entry.createdAt), entry.timeZone, language) })}
        {entry.position !== null && <> · {t("waitlist.page.position", { position: entry.position })}</>}
        {entry.status === "waiting" && !entry.isConfirmed && <> · {t("waitlist.page.unconfirmed")}</>}
      </p>
      {entry.status === "offered" && entry.offerOrderId && (
        <p className="mt-2 text-sm">
          <Link to={`/orders/${entry.offerOrderId}`} className="font-medium underline underline-offset-4">
            {t("waitlist.page.offerLink")}
          </Link>
          {entry.offerExpiresAt && (
            <> · {t("waitlist.page.offerUntil", { date: when(new Date(entry.offerExpiresAt)) })}</>
          )}
        </p>
      )}
      {entry.status === "waiting" &&
        (isLeaving ? (
          <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
            <p className="w-full text-sm font-medium">
              {t("waitlist.page.confirmLeave", { ticketType: entry.ticketTypeName, event: entry.eventTitle })}
            </p>
            <input type="hidden" name="intent" value="leave" />
            <input type="hidden" name="entryId" value={entry.id} />
            <SubmitButton size="sm">{t("waitlist.page.leave")}</SubmitButton>
            <Link to="/waitlist" className={buttonClasses("ghost", "sm")}>
              {t("waitlist.page.keep")}
            </Link>
          </Form>
        ) : (
          <Link to={`/waitlist?leave=${entry.id}`} className={buttonClasses("outline", "sm", "mt-3")}>
            {t("waitlist.page.leave")}
          </Link>
        ))}
    </li>
  );
}
