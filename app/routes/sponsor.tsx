import { ExternalLink } from "lucide-react";
import { industryLabel } from "#app/i18n/data-labels";
import { isolateUserText } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import { parseRecordId } from "#domain/record-id";
import { data } from "react-router";
import { EventList } from "#app/components/event-list";
import { metaTranslator } from "#app/i18n/meta";
import { pageMeta } from "#app/seo";
import { currentTime } from "#server/clock";
import { getSponsorPage } from "#server/services/profiles";
import { SavedEvents } from "#app/components/saves-follows/save-button";
import { savedEventsOf, savesFollowsMessages } from "./saves-follows.server";
import type { Route } from "./+types/sponsor";

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = metaTranslator(matches);
  const { sponsor } = loaderData;
  return pageMeta(matches, {
    title: `${sponsor.name} | ${t("app.name")}`,
    description: sponsor.description,
    path: `/sponsors/${sponsor.id}`,
    image: { url: sponsor.logo, alt: sponsor.name },
  });
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseRecordId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const now = currentTime();
  const page = await getSponsorPage(context.db, id, now);
  if (!page) throw data(null, { status: 404 });
  const [savedEvents, messages] = await Promise.all([savedEventsOf(context), savesFollowsMessages(request)]);
  return { now, ...page, savedEvents, pageMessages: messages };
}

export default function SponsorPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { sponsor, events, now } = loaderData;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-10 px-4 py-8">
      <header className="flex flex-col gap-4 md:flex-row md:items-center">
        <img
          src={sponsor.logo}
          alt=""
          width={320}
          height={160}
          className="h-28 w-56 rounded-lg border border-border bg-white object-contain"
        />
        <div className="flex flex-col gap-2">
          <h1 dir="auto" className="text-3xl font-extrabold">
            {sponsor.name}
          </h1>
          <p className="font-semibold text-primary">{t(`event.tier.${sponsor.tier}`)}</p>
          <p className="text-muted-foreground">
            {t("sponsors.industry", { industry: isolateUserText(industryLabel(t, sponsor.industry)) })}
          </p>
          <p dir="auto" className="max-w-2xl">
            {sponsor.description}
          </p>
          <div className="flex flex-wrap gap-4 text-sm">
            <a
              href={sponsor.website}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-semibold text-primary hover:underline"
            >
              {t("sponsors.website")}
              <ExternalLink aria-hidden="true" className="h-3 w-3" />
            </a>
            <a href={`mailto:${sponsor.contactEmail}`} className="font-semibold text-primary hover:underline">
              {t("sponsors.contact")}
            </a>
          </div>
        </div>
      </header>
      <section aria-labelledby="sponsored-events">
        <h2 id="sponsored-events" className="mb-4 text-2xl font-bold">
          {t("sponsors.sponsoredEvents")}
        </h2>
        <SavedEvents value={loaderData.savedEvents}>
          <EventList events={events} now={now} emptyMessage={t("sponsors.noEvents")} />
        </SavedEvents>
      </section>
    </div>
  );
}
