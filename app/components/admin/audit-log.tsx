import { Form, Link } from "react-router";
import { SubmitButton } from "#app/components/ui/submit-button";
import { useTranslation } from "#app/i18n/use-translation";
import type { TFunction } from "#app/i18n/translator";
import { changedFields } from "#domain/staff-moderation";
import type { NamedStaffActionRow } from "#server/services/staff-actions";
import { actionLabel, familyLabel, fieldLabel, subjectLink, subjectTypeLabel } from "./audit-labels";
import { Paging } from "./people-list";
import { StaffDate } from "./staff-date";

interface AuditFilterValues {
  family?: string;
  actorId?: string;
  subjectType?: string;
  subjectId?: string;
}

const linkClasses = "font-medium text-primary underline-offset-2 hover:underline";

/** The family filter (a GET form), and what else the log is narrowed to, with a way back to all of it. */
export function AuditFilters({ families, filters }: { families: string[]; filters: AuditFilterValues }) {
  const { t } = useTranslation();
  const narrowed = filters.actorId || filters.subjectType;
  return (
    <div className="flex flex-col gap-3">
      <Form method="get" className="flex flex-wrap items-end gap-3">
        {filters.actorId && <input type="hidden" name="actor" value={filters.actorId} />}
        {filters.subjectType && <input type="hidden" name="subjectType" value={filters.subjectType} />}
        {filters.subjectId && <input type="hidden" name="subjectId" value={filters.subjectId} />}
        <div className="flex flex-col gap-1">
          <label htmlFor="audit-family" className="text-sm font-medium">
            {t("admin.audit.family")}
          </label>
          <select
            id="audit-family"
            name="family"
            defaultValue={filters.family ?? ""}
            className="h-10 rounded-md border border-border bg-background px-3 text-sm text-foreground"
          >
            <option value="">{t("admin.audit.allFamilies")}</option>
            {families.map((family) => (
              <option key={family} value={family}>
                {familyLabel(t, family)}
              </option>
            ))}
          </select>
        </div>
        <SubmitButton variant="outline">{t("admin.audit.apply")}</SubmitButton>
      </Form>
      {narrowed && (
        <p className="text-sm">
          {filters.actorId ? t("admin.audit.byOne") : t("admin.audit.aboutOne")}{" "}
          <Link to="/admin/audit" className={linkClasses}>
            {t("admin.audit.showAll")}
          </Link>
        </p>
      )}
    </div>
  );
}

/** The log's rows, newest first, each a small card: who did what to what, when, why, and what changed. */
export function AuditList({
  actions,
  hasMore,
  page,
  filters,
}: {
  actions: NamedStaffActionRow[];
  hasMore: boolean;
  page: number;
  filters: AuditFilterValues;
}) {
  const { t } = useTranslation();
  if (actions.length === 0) {
    return (
      <p role="status" className="rounded-md border border-border p-4 text-muted-foreground">
        {t("admin.audit.none")}
      </p>
    );
  }
  const pageLink = (to: number) => {
    const params = new URLSearchParams();
    if (filters.family) params.set("family", filters.family);
    if (filters.actorId) params.set("actor", filters.actorId);
    if (filters.subjectType) params.set("subjectType", filters.subjectType);
    if (filters.subjectId) params.set("subjectId", filters.subjectId);
    params.set("page", String(to));
    return `?${params.toString()}`;
  };
  return (
    <>
      <ol className="flex flex-col gap-3" aria-label={t("admin.audit.listLabel")}>
        {actions.map((row) => (
          <AuditEntry key={row.id} row={row} />
        ))}
      </ol>
      <Paging page={page} hasMore={hasMore} linkTo={pageLink} />
    </>
  );
}

function AuditEntry({ row }: { row: NamedStaffActionRow }) {
  const { t } = useTranslation();
  const changes = changedFields(row.before, row.after);
  const link = subjectLink(row.subjectType, row.subjectId);
  const subjectText = row.subjectName ?? `${subjectTypeLabel(t, row.subjectType)} ${row.subjectId}`;
  return (
    <li className="flex flex-col gap-2 rounded-md border border-border p-4">
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="font-semibold">{actionLabel(t, row.action)}</span>
        <span className="text-muted-foreground">·</span>
        <span>
          <span className="sr-only">{t("admin.audit.subject")} </span>
          {link ? (
            <Link to={link} className={linkClasses}>
              <bdi>{subjectText}</bdi>
            </Link>
          ) : (
            <bdi>{subjectText}</bdi>
          )}
        </span>
      </p>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span>
          {t("admin.audit.by")}{" "}
          {row.actorId ? (
            <Link to={`/admin/people/${row.actorId}`} className={linkClasses}>
              <bdi>{row.actorName ?? t("admin.audit.formerStaff")}</bdi>
            </Link>
          ) : (
            <span className="text-foreground">{t("admin.audit.commandLine")}</span>
          )}
        </span>
        <StaffDate instant={row.createdAt} />
      </p>
      {row.reason && (
        <p className="text-sm">
          <span className="font-semibold">{t("admin.audit.reason")}</span>{" "}
          <bdi className="whitespace-pre-line break-words">{row.reason}</bdi>
        </p>
      )}
      {changes.length > 0 && (
        <dl className="grid gap-x-4 gap-y-1 rounded-md bg-muted p-3 text-sm sm:grid-cols-[max-content_1fr]">
          {changes.map((change) => (
            <div key={change.field} className="contents">
              <dt className="font-semibold">{fieldLabel(t, change.field)}</dt>
              <dd className="min-w-0 break-words">
                <Value value={change.before} t={t} />
                {/* Points from before to after in the page's reading direction. */}
                <span aria-hidden="true" className="mx-1 inline-block rtl:-scale-x-100">
                  →
                </span>
                <span className="sr-only"> {t("admin.audit.becomes")} </span>
                <Value value={change.after} t={t} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A before or after value: none, yes/no, an instant in the site's zone, or the value as written. */
function Value({ value, t }: { value: unknown; t: TFunction }) {
  if (value === null || value === undefined || value === "") {
    return <span className="italic">{t("admin.audit.empty")}</span>;
  }
  if (typeof value === "boolean") return <span>{value ? t("admin.audit.yes") : t("admin.audit.no")}</span>;
  if (typeof value === "string" && ISO_INSTANT.test(value)) {
    return value.startsWith("9999-") ? <span>{t("admin.person.untilRestored")}</span> : <StaffDate instant={value} />;
  }
  return <bdi>{typeof value === "string" ? value : JSON.stringify(value)}</bdi>;
}
