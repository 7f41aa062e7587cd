import { data, Link, redirect } from "react-router";
import { adminPageMeta } from "#app/components/admin/admin-meta";
import { PersonActions, type PersonProblem } from "#app/components/admin/person-actions";
import { PersonDetails } from "#app/components/admin/person-details";
import { metaTranslator } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/use-translation";
import { staffRoleReasonSchema, suspensionSchema } from "#domain/staff-moderation";
import { isUuid } from "#server/auth/secrets";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { readSmallForm } from "#server/http/read-form";
import { grantStaff, removeStaff } from "#server/services/staff";
import { getPersonAccount, restorePerson, suspendPerson } from "#server/services/staff-people";
import { ADMIN_PAGE_HEADERS, requireStaffViewer } from "./admin.server";
import type { Route } from "./+types/admin-person";
import { shownName } from "#domain/deleted-account";

/** What the page says after an action (`?done=`), once the action has redirected back. */
const DONE = ["suspended", "restored", "staff_granted", "staff_removed"] as const;
type Done = (typeof DONE)[number];

function notFound(): never {
  throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
}

/**
 * /admin/people/:id: one account as staff see it (never its password or secrets), with its events and
 * orders, and the forms to suspend or restore it and to grant or remove the staff role.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireStaffViewer(request, context);
  if (!isUuid(params.id)) notFound();
  const person = await getPersonAccount(context.db, viewer, params.id, currentTime());
  if (!person) notFound();
  const done = new URL(request.url).searchParams.get("done");
  return data(
    {
      person,
      isSelf: person.id === viewer.userId,
      done: (DONE as readonly string[]).includes(done ?? "") ? (done as Done) : null,
    },
    { headers: ADMIN_PAGE_HEADERS },
  );
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const profileName = loaderData?.person.profile?.name;
  const name =
    (profileName === undefined ? null : shownName(t, profileName)) ??
    loaderData?.person.account.email ??
    t("admin.person.title");
  return adminPageMeta(matches, name);
}

/**
 * Suspends (with a reason) or restores the account, or grants or removes the staff role, then shows the
 * page again (PRG). Bad input answers 422 with the problem, and changes nothing.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireStaffViewer(request, context);
  if (!isUuid(params.id)) notFound();
  const userId = params.id;
  const form = await readSmallForm(request);
  const problem = (intent: string, field: string, code: string, status = 422) =>
    data({ problem: { intent, field, code } satisfies PersonProblem }, { status, headers: ADMIN_PAGE_HEADERS });
  if (!(form instanceof FormData)) return problem("unknown", "form", "form_invalid", form === "too_large" ? 413 : 400);
  const intent = String(form.get("intent") ?? "");
  const now = currentTime();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  try {
    if (intent === "suspend") {
      const parsed = suspensionSchema.safeParse({ reason: text("reason") ?? "", length: text("length") });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return problem(intent, String(issue.path[0] ?? "reason"), issue.message);
      }
      await suspendPerson(context.db, viewer, userId, parsed.data, now);
      return done(userId, "suspended");
    }
    const reason = staffRoleReasonSchema.safeParse(text("reason") ?? "");
    if (!reason.success) return problem(intent, "reason", reason.error.issues[0]!.message);
    if (intent === "restore") {
      await restorePerson(context.db, viewer, userId, reason.data, now);
      return done(userId, "restored");
    }
    if (intent === "grant_staff") {
      await grantStaff(context.db, viewer, userId, now, reason.data);
      return done(userId, "staff_granted");
    }
    if (intent === "remove_staff") {
      await removeStaff(context.db, viewer, userId, now, reason.data);
      return done(userId, "staff_removed");
    }
    return problem("unknown", "intent", "intent_invalid", 400);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === "not_found" || error.code === "forbidden") notFound();
    const word = error.fields?.userId ?? "form_invalid";
    return problem(intent, "userId", word, error.code === "conflict" ? 409 : 422);
  }
}

const linkClasses = "font-medium text-primary underline-offset-2 hover:underline";

function done(userId: string, what: Done) {
  return redirect(`/admin/people/${userId}?done=${what}`, { headers: ADMIN_PAGE_HEADERS });
}

export default function AdminPerson({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { person, isSelf, done: doneWord } = loaderData;
  return (
    <article aria-labelledby="person-title" className="flex flex-col gap-6">
      <h1 id="person-title" className="break-words text-2xl font-bold">
        {person.profile ? shownName(t, person.profile.name) : person.account.email}
      </h1>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to={`/admin/audit?subjectType=user&subjectId=${person.id}`} className={linkClasses}>
          {t("admin.person.history")}
        </Link>
        {person.staff && (
          <Link to={`/admin/audit?actor=${person.id}`} className={linkClasses}>
            {t("admin.person.actionsBy")}
          </Link>
        )}
      </p>
      {doneWord && (
        <p
          role="status"
          className="rounded-md border border-green-700 bg-green-50 p-3 text-green-900 dark:border-green-500 dark:bg-green-950 dark:text-green-100"
        >
          {t(`admin.person.done.${doneWord}`)}
        </p>
      )}
      <PersonActions person={person} isSelf={isSelf} problem={actionData?.problem ?? null} />
      <PersonDetails person={person} />
    </article>
  );
}
