import { Link } from "react-router";
import { SITE_COOKIES, SITE_STORAGE_KEYS } from "#domain/stored-data";
import { buttonClasses } from "#app/components/ui/button";
import { useTranslation } from "#app/i18n/use-translation";

/** The page's parts in order: the table of contents links to each by its id. */
export const PRIVACY_PARTS = ["summary", "stored", "cookies", "recipients", "rights", "contact"] as const;

const PART_TITLES: Record<(typeof PRIVACY_PARTS)[number], string> = {
  summary: "privacy.summary.title",
  stored: "privacy.stored.title",
  cookies: "privacy.cookies.title",
  recipients: "privacy.recipients.title",
  rights: "privacy.rights.title",
  contact: "privacy.contact.title",
};

export function PrivacyContents() {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby="privacy-toc" className="rounded-xl border border-border p-5">
      <h2 id="privacy-toc" className="text-lg font-semibold">
        {t("privacy.tocTitle")}
      </h2>
      <ol className="mt-3 flex list-decimal flex-col gap-2 ps-6">
        {PRIVACY_PARTS.map((part) => (
          <li key={part}>
            <a href={`#${part}`} className="font-medium text-primary underline underline-offset-2 hover:no-underline">
              {t(PART_TITLES[part])}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A part of the page: an anchored section under its h2. */
export function PrivacyPart({ part, children }: { part: (typeof PRIVACY_PARTS)[number]; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <section id={part} aria-labelledby={`${part}-title`} className="scroll-mt-20 flex flex-col gap-4">
      <h2 id={`${part}-title`} className="text-2xl font-bold">
        {t(PART_TITLES[part])}
      </h2>
      {children}
    </section>
  );
}

function BulletList({ prefix, keys }: { prefix: string; keys: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <ul className="flex list-disc flex-col gap-2 ps-6">
      {keys.map((key) => (
        <li key={key}>{t(`${prefix}.${key}`)}</li>
      ))}
    </ul>
  );
}

export function PrivacySummary() {
  return <BulletList prefix="privacy.summary.items" keys={["purpose", "secrets", "tracking", "control"]} />;
}

export function PrivacyCookies() {
  const { t } = useTranslation();
  return (
    <>
      <p>{t("privacy.cookies.intro")}</p>
      <div className="overflow-x-auto rounded-xl border border-border">
        <table className="w-full text-start text-sm">
          <thead className="bg-muted/50">
            <tr>
              <th scope="col" className="p-3 text-start font-semibold">
                {t("privacy.cookies.name")}
              </th>
              <th scope="col" className="p-3 text-start font-semibold">
                {t("privacy.cookies.purpose")}
              </th>
            </tr>
          </thead>
          <tbody>
            {SITE_COOKIES.map((name) => (
              <tr key={name} className="border-t border-border align-top">
                <th scope="row" className="p-3 text-start font-mono font-semibold">
                  <span dir="ltr">{name}</span>
                </th>
                <td className="p-3">{t(`privacy.cookies.${name}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="text-xl font-semibold">{t("privacy.cookies.storageTitle")}</h3>
      <p>{t("privacy.cookies.storageIntro")}</p>
      <ul className="flex flex-col gap-2 ps-6 list-disc">
        {SITE_STORAGE_KEYS.map((key) => (
          <li key={key}>
            <code className="font-mono font-semibold" dir="ltr">
              {key}
            </code>
            : {t(`privacy.cookies.storage.${key}`)}
          </li>
        ))}
      </ul>
    </>
  );
}

export function PrivacyRecipients() {
  return (
    <BulletList
      prefix="privacy.recipients.items"
      keys={["organizers", "payments", "mail", "providers", "maps", "public", "nobodyElse"]}
    />
  );
}

/** How to download or delete one's data; the deletion list is the one the deletion page shows too. */
export function PrivacyRights() {
  const { t } = useTranslation();
  return (
    <>
      <h3 className="text-xl font-semibold">{t("privacy.rights.exportTitle")}</h3>
      <p>{t("privacy.rights.exportBody")}</p>
      <p className="text-sm text-muted-foreground">{t("privacy.rights.exportApi")}</p>
      <h3 className="text-xl font-semibold">{t("privacy.rights.deleteTitle")}</h3>
      <p>{t("privacy.rights.deleteIntro")}</p>
      <DeletionConsequences />
      <p>{t("privacy.rights.deleteRefused")}</p>
      <p className="text-sm text-muted-foreground">{t("privacy.rights.deleteApi")}</p>
      <div>
        <Link to="/dashboard#account-data" className={buttonClasses("outline")}>
          {t("privacy.dashboardCta")}
        </Link>
      </div>
    </>
  );
}

export function DeletionConsequences() {
  return (
    <BulletList prefix="privacy.rights.deleteItems" keys={["signedOut", "removed", "orders", "events", "email"]} />
  );
}
