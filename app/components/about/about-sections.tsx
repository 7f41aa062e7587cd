import { Accessibility, Code2, Languages, Megaphone, Receipt, Search, Store, Ticket } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation";

/** What the marketplace does, for people who go out and for people who put events on. */
export function AboutServices() {
  const { t } = useTranslation();
  const services = [
    { key: "discover", icon: Search },
    { key: "tickets", icon: Ticket },
    { key: "sell", icon: Store },
    { key: "promote", icon: Megaphone },
  ];
  return (
    <section aria-labelledby="about-services" className="mx-auto w-full max-w-5xl px-4 pb-12">
      <h2 id="about-services" className="text-2xl font-bold">
        {t("about.servicesTitle")}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {services.map(({ key, icon: Icon }) => (
          <li key={key} className="flex gap-4 rounded-xl border border-border p-5">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon aria-hidden="true" className="h-5 w-5" />
            </span>
            <div className="flex flex-col gap-1">
              <h3 className="font-semibold">{t(`about.services.${key}Title`)}</h3>
              <p className="text-muted-foreground">{t(`about.services.${key}Body`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

const REGIONS = ["dc", "maryland", "virginia", "beyond"] as const;

/** The region the marketplace is made for, and what it offers everyone there. */
export function AboutOffers() {
  const { t } = useTranslation();
  const offers = [
    { key: "languages", icon: Languages, link: null },
    { key: "accessible", icon: Accessibility, link: null },
    { key: "open", icon: Code2, link: "/api/docs" },
    { key: "fees", icon: Receipt, link: "/pricing" },
  ];
  return (
    <section aria-labelledby="about-dmv" className="border-y border-border bg-muted/50">
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-12 md:grid-cols-[2fr_3fr]">
        <div className="flex flex-col gap-4">
          <h2 id="about-dmv" className="text-2xl font-bold">
            {t("about.dmvTitle")}
          </h2>
          <p className="text-muted-foreground">{t("about.dmvBody")}</p>
          <ul aria-label={t("about.regionsLabel")} className="flex flex-wrap gap-2">
            {REGIONS.map((region) => (
              <li
                key={region}
                className="rounded-full border border-border bg-background px-3 py-1 text-sm font-medium"
              >
                {t(`about.regions.${region}`)}
              </li>
            ))}
          </ul>
        </div>
        <ul className="grid gap-6 sm:grid-cols-2">
          {offers.map(({ key, icon: Icon, link }) => (
            <li key={key} className="flex flex-col gap-2">
              <Icon aria-hidden="true" className="h-6 w-6 text-primary" />
              <h3 className="font-semibold">{t(`about.offers.${key}Title`)}</h3>
              <p className="text-sm text-muted-foreground">{t(`about.offers.${key}Body`)}</p>
              {link && (
                <Link
                  to={link}
                  className="self-start text-sm font-semibold text-primary underline-offset-4 hover:underline"
                >
                  {t(`about.offers.${key}Link`)}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
