import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { Link } from "react-router";
import { MailCheck } from "lucide-react";
import { AuthCard } from "#app/components/auth-card";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { metaTranslator } from "#app/i18n/meta";
import { privatePageMeta } from "#app/seo";
import { useTranslation } from "#app/i18n/use-translation";
import type { Route } from "./+types/signup-success";

/** The page's words (sign-in and account forms' messages are not on every page). */
export async function loader({ request }: Route.LoaderArgs) {
  return { pageMessages: await pageMessages(negotiateLanguage(request), ["auth"]) };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("auth.signupSuccess.metaTitle")} | ${t("app.name")}`);
}

/** After sign-up: the account waits for its confirmation link (the 'Account Created' toast came along). */
export default function SignupSuccessPage() {
  const { t } = useTranslation();
  return (
    <AuthCard
      title={t("auth.signupSuccess.title")}
      footer={
        <Link to="/signin" className={TEXT_LINK}>
          {t("auth.signupSuccess.backToSignIn")}
        </Link>
      }
    >
      <MailCheck aria-hidden="true" className="h-10 w-10 text-primary" />
      <p>{t("auth.signupSuccess.description")}</p>
      <p className="text-sm text-muted-foreground">{t("auth.signupSuccess.notReceived")}</p>
    </AuthCard>
  );
}
