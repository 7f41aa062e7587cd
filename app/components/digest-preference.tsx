import { Form, useNavigation } from "react-router";
import { buttonClasses } from "#app/components/ui/button";
import { useTranslation } from "#app/i18n/use-translation";

/**
 * The dashboard's weekly digest switch: says whether the digest of events matching one's interests
 * is sent, with one button to turn it off or on. A real form (posting to /digest-preference), so it
 * works before the page is interactive.
 */
export function DigestPreference({ receivesDigest }: { receivesDigest: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const isSaving = navigation.state !== "idle" && navigation.formAction === "/digest-preference";
  return (
    <section aria-labelledby="digest-preference-title" className="flex flex-col gap-3">
      <h2 id="digest-preference-title" className="text-xl font-semibold">
        {t("digestPreference.title")}
      </h2>
      <p className="text-sm text-muted-foreground">
        {t(receivesDigest ? "digestPreference.on" : "digestPreference.off")}
      </p>
      <Form method="post" action="/digest-preference">
        <input type="hidden" name="receivesDigest" value={receivesDigest ? "false" : "true"} />
        <button type="submit" disabled={isSaving} className={buttonClasses("outline", "md")}>
          {t(receivesDigest ? "digestPreference.turnOff" : "digestPreference.turnOn")}
        </button>
      </Form>
    </section>
  );
}
