import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LOCALE_TAGS } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";

/** The day the terms, guidelines and guides were last changed (shown, and dateModified in their JSON-LD). */
export const INFO_PAGES_UPDATED = "2026-11-27";

/** A date of the form YYYY-MM-DD, written out in the language's long style. */
export function formatLongDate(isoDay: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[language], { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );
}

/** The top of an informational page: a small line above, the page's one h1, an introduction. */
export function InfoHeader({
  id,
  eyebrow,
  title,
  intro,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  intro: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="border-b border-border bg-muted/50">
      <div className="mx-auto flex max-w-5xl flex-col items-start gap-4 px-4 py-10 md:py-14">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">{eyebrow}</p>
        <h1 id={id} className="max-w-3xl text-3xl font-bold tracking-tight text-balance md:text-4xl">
          {title}
        </h1>
        <p className="max-w-3xl text-lg text-muted-foreground">{intro}</p>
        {children}
      </div>
    </section>
  );
}

/** A page's contents: a link to each of its sections' anchors. */
export function TableOfContents({ title, items }: { title: string; items: { id: string; label: string }[] }) {
  return (
    <nav aria-labelledby="contents-title" id="contents" className="rounded-xl border border-border bg-card p-5">
      <h2 id="contents-title" className="text-base font-semibold">
        {title}
      </h2>
      <ol className="mt-3 flex list-decimal flex-col gap-2 ps-5 text-sm">
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`} className="text-primary underline-offset-4 hover:underline">
              {item.label}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A section of a long page: its heading carries the anchor, clear of the sticky header. */
export function InfoSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="scroll-mt-24 text-2xl font-bold">
        {title}
      </h2>
      <div className="flex max-w-prose flex-col gap-3 leading-relaxed">{children}</div>
    </section>
  );
}

/** Things to do, each with a tick: a list a reader can work down. */
export function Checklist({ id, title, items }: { id: string; title: string; items: string[] }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-card p-5">
      <h2 id={id} className="scroll-mt-24 text-xl font-semibold">
        {title}
      </h2>
      <ul className="mt-3 flex flex-col gap-2">
        {items.map((item) => (
          <li key={item} className="flex gap-3">
            <Check aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-primary" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Links to the site's own pages, as a row of boxes. */
export function ToolLinks({ id, title, links }: { id: string; title: string; links: { to: string; label: string }[] }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="inline-flex min-h-11 items-center rounded-lg border border-border px-4 py-2 text-sm font-medium hover:bg-muted"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Last updated: …" in the page's language, for the day given (YYYY-MM-DD; the informational pages' by default). */
export function UpdatedLine({ messageKey, day = INFO_PAGES_UPDATED }: { messageKey: string; day?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <p className="text-sm text-muted-foreground">
      <time dateTime={day}>{t(messageKey, { date: formatLongDate(day, i18n.language as Language) })}</time>
    </p>
  );
}
