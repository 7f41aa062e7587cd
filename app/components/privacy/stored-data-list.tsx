import { STORED_DATA_SECTIONS, STORED_TABLES, type StoredTable } from "#domain/stored-data";
import { useTranslation } from "#app/i18n/use-translation";

/**
 * The privacy page's list of stored data: one card per database table (domain/stored-data.ts), grouped
 * by what they are about, with what the table holds and why, how long, and what deleting an account does.
 */
export function StoredDataList() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-8">
      {STORED_DATA_SECTIONS.map((section) => {
        const tables = STORED_TABLES.filter((entry) => entry.section === section);
        if (tables.length === 0) return null;
        return (
          <section key={section} aria-labelledby={`stored-${section}`} className="flex flex-col gap-3">
            <h3 id={`stored-${section}`} className="text-xl font-semibold">
              {t(`privacy.sections.${section}`)}
            </h3>
            <ul className="grid gap-3 md:grid-cols-2">
              {tables.map((entry) => (
                <StoredTableCard key={entry.table} entry={entry} />
              ))}
            </ul>
          </section>
        );
      })}
      <p className="text-muted-foreground">{t("privacy.stored.files")}</p>
    </div>
  );
}

function StoredTableCard({ entry }: { entry: StoredTable }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-border p-4" data-table={entry.table}>
      <p className="font-mono text-sm font-semibold">
        <span dir="ltr">{entry.table}</span>
      </p>
      <p>{t(`privacy.tables.${entry.table}`)}</p>
      <dl className="mt-auto grid gap-1 text-sm">
        <div>
          <dt className="inline font-semibold">{t("privacy.stored.kept")}: </dt>
          <dd className="inline text-muted-foreground">{t(`privacy.retention.${entry.retention}`)}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">{t("privacy.stored.onDeletion")}: </dt>
          <dd className="inline text-muted-foreground">{t(`privacy.onDeletion.${entry.onDeletion}`)}</dd>
        </div>
      </dl>
    </li>
  );
}
