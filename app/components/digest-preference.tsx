import { Form } from "react-router";
import { SubmitButton } from "#app/components/ui/submit-button";
import { useTranslation } from "#app/i18n/use-translation";

/**
 * The dashboard's weekly digest switch: says whether the digest of events matching one's interests
 * is sent, with one button to turn it off or on. A real form (posting to /digest-preference), so it
 * works before the page is interactive.
 */
export function DigestPreference({ receivesDigest }: { receivesDigest: boolean }) {
  const { t } = useTranslation();
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
        <SubmitButton variant="outline">
          {t(receivesDigest ? "digestPreference.turnOff" : "digestPreference.turnOn")}
        </SubmitButton>
      </Form>
    </section>
  );
}
