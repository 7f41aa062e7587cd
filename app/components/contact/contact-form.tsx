import { CheckCircle2 } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/submit-button";
import { useTranslation } from "#app/i18n/use-translation";
import {
  CONTACT_TOPICS,
  MAX_CONTACT_MESSAGE_LENGTH,
  MAX_CONTACT_NAME_LENGTH,
  MAX_CONTACT_REFERENCE_LENGTH,
  type ContactField,
  type ContactFieldProblem,
  type ContactFormValues,
} from "#domain/contact-message";
import { MAX_EMAIL_LENGTH } from "#domain/email-address";

/** What a contact page's action answers: the reference of a sent message, or the problems and the text typed. */
export type ContactFormResult =
  | { sent: true; reference: string; email: string }
  | {
      sent: false;
      problem: "fields" | "expired" | "rate_limited" | "invalid_form";
      fields: Partial<Record<ContactField, ContactFieldProblem>>;
      values: ContactFormValues;
    };

/** The honeypot's name: a field scripts fill because it sounds like one people fill. */
export const HONEYPOT_FIELD = "website";
export const TOKEN_FIELD = "formToken";

const INPUT =
  "w-full rounded-md border border-border bg-background px-3 text-sm text-foreground aria-invalid:border-red-700 dark:aria-invalid:border-red-400";

/**
 * The form of /contact (with a topic) and of an event's "Contact the organizer" page (without). A plain
 * form, so it works before scripts load; each field shows its own problem under it, tied to it for
 * screen readers, and a summary above says the message was not sent.
 */
export function ContactForm({
  token,
  defaults,
  result,
  withTopic,
  labels,
}: {
  token: string;
  defaults: { name: string; email: string; reference?: string };
  result: ContactFormResult | undefined;
  withTopic: boolean;
  labels: { reference: string; referenceHint: string; emailHint: string };
}) {
  const { t } = useTranslation();
  const failed = result && !result.sent ? result : null;
  const values = failed?.values ?? { ...defaults, topic: "", message: "", reference: defaults.reference ?? "" };
  const problems = failed?.fields ?? {};
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failed) summary.current?.focus();
  }, [failed]);

  const fieldProps = (field: ContactField, hint?: boolean) => {
    const ids = [problems[field] ? `contact-${field}-problem` : "", hint ? `contact-${field}-hint` : ""].filter(
      Boolean,
    );
    return {
      id: `contact-${field}`,
      name: field,
      "aria-invalid": problems[field] ? true : undefined,
      "aria-describedby": ids.join(" ") || undefined,
    } as const;
  };

  return (
    <Form method="post" className="flex flex-col gap-5" noValidate={false}>
      {failed && (
        <div
          ref={summary}
          tabIndex={-1}
          role="alert"
          className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-semibold">{t("contact.problemTitle")}</p>
          <p>{failed.problem === "fields" ? t("contact.problemFields") : t(`contact.errors.${failed.problem}`)}</p>
        </div>
      )}
      <input type="hidden" name={TOKEN_FIELD} value={token} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field field="name" label={t("contact.name")} problem={problems.name}>
          <input
            {...fieldProps("name")}
            type="text"
            autoComplete="name"
            required
            maxLength={MAX_CONTACT_NAME_LENGTH}
            defaultValue={values.name}
            className={`h-10 ${INPUT}`}
          />
        </Field>
        <Field field="email" label={t("contact.email")} hint={labels.emailHint} problem={problems.email}>
          <input
            {...fieldProps("email", true)}
            type="email"
            dir="ltr"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={MAX_EMAIL_LENGTH}
            defaultValue={values.email}
            className={`h-10 ${INPUT}`}
          />
        </Field>
      </div>
      {withTopic && (
        <Field field="topic" label={t("contact.topic")} problem={problems.topic}>
          <select {...fieldProps("topic")} required defaultValue={values.topic} className={`h-10 ${INPUT}`}>
            <option value="">{t("contact.chooseTopic")}</option>
            {CONTACT_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {t(`contact.topics.${topic}`)}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field field="message" label={t("contact.message")} hint={t("contact.messageHint")} problem={problems.message}>
        <textarea
          {...fieldProps("message", true)}
          rows={8}
          required
          minLength={10}
          maxLength={MAX_CONTACT_MESSAGE_LENGTH}
          defaultValue={values.message}
          className={`py-2 ${INPUT}`}
        />
      </Field>
      <Field field="reference" label={labels.reference} hint={labels.referenceHint} problem={problems.reference}>
        <input
          {...fieldProps("reference", true)}
          type="text"
          dir="auto"
          autoComplete="off"
          maxLength={MAX_CONTACT_REFERENCE_LENGTH}
          defaultValue={values.reference}
          className={`h-10 ${INPUT}`}
        />
      </Field>
      {/* The spam trap: out of sight and out of the accessibility tree, so only scripts fill it. */}
      <div hidden aria-hidden="true">
        <label htmlFor="contact-website">{t("contact.honeypot")}</label>
        <input
          id="contact-website"
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <SubmitButton className="self-start" pendingLabel={t("contact.sending")}>
        {t("contact.submit")}
      </SubmitButton>
    </Form>
  );
}

function Field({
  field,
  label,
  hint,
  problem,
  children,
}: {
  field: ContactField;
  label: string;
  hint?: string;
  problem: ContactFieldProblem | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`contact-${field}`} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`contact-${field}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {problem && (
        <p id={`contact-${field}-problem`} className="text-sm font-medium text-red-700 dark:text-red-300">
          {t(`contact.errors.${problem}`)}
        </p>
      )}
    </div>
  );
}

/** The answer to a sent message: the reference, where the copy went, and a way on. */
export function ContactSent({
  title,
  body,
  reference,
  headingId,
  children,
}: {
  headingId: string;
  title: string;
  body: string;
  reference: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div
      role="status"
      className="flex flex-col gap-4 rounded-xl border border-green-700 bg-green-50 p-6 text-green-950 dark:border-green-400 dark:bg-green-950 dark:text-green-50"
    >
      <h2 id={headingId} ref={heading} tabIndex={-1} className="flex items-center gap-2 text-xl font-bold">
        <CheckCircle2 aria-hidden="true" className="h-6 w-6 shrink-0" />
        {title}
      </h2>
      <p>{body}</p>
      <p>
        <span className="block text-sm font-medium">{t("contact.referenceLabel")}</span>
        <span dir="ltr" data-testid="contact-reference" className="font-mono text-2xl font-bold tracking-wider">
          {reference}
        </span>
      </p>
      <div className="flex flex-wrap gap-3">{children}</div>
    </div>
  );
}

export function SendAnotherLink({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} reloadDocument className={buttonClasses("outline")}>
      {t("contact.sendAnother")}
    </Link>
  );
}
