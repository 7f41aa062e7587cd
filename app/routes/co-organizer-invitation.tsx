import { withPageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { data, Form, Link, redirect } from "react-router";
import { AuthCard } from "#app/components/auth-card";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { buttonClasses } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/submit-button";
import { formatDate } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { acceptInvitation, findInvitation } from "#server/services/co-organizer-invitations";
import type { Route } from "./+types/co-organizer-invitation";

/** The address carries the invitation's secret: never kept by a cache, never sent on in a Referer. */
const PRIVATE = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: `${t("coOrganizerInvitation.metaTitle")} | ${t("app.name")}` },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export function headers() {
  return PRIVATE;
}

type PageState =
  | { state: "invalid" }
  | {
      state: "sign_in" | "other_address" | "ready";
      eventTitle: string;
      inviterName: string;
      email: string;
      expiresAt: string;
      next: string;
    };

/**
 * /invitations/:token: an invitation to co-organize an event, from its e-mail. Opening it changes
 * nothing (mail programs open links to scan them); the invited person, signed in with the address it
 * was sent to, accepts it with the button. Without an account they sign up with that address first
 * and come back here.
 */
async function loadPage({ request, params, context }: Route.LoaderArgs) {
  const invitation = await findInvitation(context.db, params.token, currentTime());
  if (!invitation) return data<PageState>({ state: "invalid" }, { status: 404, headers: PRIVATE });
  const { viewer } = context;
  const state = !viewer ? "sign_in" : viewer.email.toLowerCase() === invitation.email ? "ready" : "other_address";
  return data<PageState>(
    {
      state,
      eventTitle: invitation.eventTitle,
      inviterName: invitation.inviterName,
      email: invitation.email,
      expiresAt: invitation.expiresAt.toISOString(),
      next: new URL(request.url).pathname,
    },
    { headers: PRIVATE },
  );
}

export async function action({ params, context }: Route.ActionArgs) {
  const { viewer } = context;
  if (!viewer) throw redirect(`/signin?next=${encodeURIComponent(`/invitations/${params.token}`)}`);
  try {
    const { eventId } = await acceptInvitation(context.db, viewer, params.token, currentTime());
    return redirect(`/events/${eventId}/edit`);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === "forbidden")
      return data({ refused: "other_address" as const }, { status: 403, headers: PRIVATE });
    if (error.code === "not_found") return data({ refused: "invalid" as const }, { status: 404, headers: PRIVATE });
    throw error;
  }
}

export default function CoOrganizerInvitationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const page = loaderData;
  if (page.state === "invalid" || actionData?.refused === "invalid") {
    return (
      <AuthCard
        title={t("coOrganizerInvitation.invalidTitle")}
        footer={
          <Link to="/events" className={TEXT_LINK}>
            {t("coOrganizerInvitation.browseEvents")}
          </Link>
        }
      >
        <p className="text-sm">{t("coOrganizerInvitation.invalid")}</p>
      </AuthCard>
    );
  }
  const state = actionData?.refused === "other_address" ? "other_address" : page.state;
  const next = encodeURIComponent(page.next);
  // Names and titles are the organizers' words, in any script: each keeps its own direction.
  const isolate = (text: string) => `\u2068${text}\u2069`;
  return (
    <AuthCard
      title={t("coOrganizerInvitation.title")}
      description={t("coOrganizerInvitation.intro", {
        inviter: isolate(page.inviterName),
        event: isolate(page.eventTitle),
      })}
    >
      <p className="text-sm">
        {t("coOrganizerInvitation.expires", {
          date: formatDate(new Date(page.expiresAt), "UTC", i18n.language as Language),
        })}
      </p>
      {state === "ready" && (
        <Form method="post">
          <SubmitButton className="w-full">{t("coOrganizerInvitation.accept")}</SubmitButton>
        </Form>
      )}
      {state === "sign_in" && (
        <>
          <p className="text-sm">{t("coOrganizerInvitation.signInFirst", { email: isolate(page.email) })}</p>
          <Link to={`/signin?next=${next}`} className={buttonClasses("primary", "md", "w-full")}>
            {t("coOrganizerInvitation.signIn")}
          </Link>
          <p className="text-sm">
            {t("coOrganizerInvitation.noAccount")}{" "}
            <Link to={`/signup?next=${next}`} className={TEXT_LINK}>
              {t("coOrganizerInvitation.signUp")}
            </Link>
          </p>
        </>
      )}
      {state === "other_address" && (
        <p role="alert" className="text-sm">
          {t("coOrganizerInvitation.otherAddress", { email: isolate(page.email) })}
        </p>
      )}
    </AuthCard>
  );
}

export async function loader(args: Route.LoaderArgs) {
  return withPageMessages(negotiateLanguage(args.request), ["auth", "coOrganizerInvitation"], await loadPage(args));
}
