import { useEffect, useRef, useState, type ButtonHTMLAttributes, type ReactNode, type RefObject } from "react";
import { useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "./button";
import { Spinner } from "./spinner";

type SubmitButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "className" | "children"> & {
  children: ReactNode;
  /** The site's button look (button.ts); "bare" uses `className` alone (a menu item, a link-like button). */
  variant?: ButtonVariant | "bare";
  size?: ButtonSize;
  /** Extra classes after the variant's, or every class with variant "bare". */
  className?: string;
  /** What the button says while its submission runs (e.g. "Saving…"); without it, a spinner joins the label. */
  pendingLabel?: string;
  /** For a fetcher's form: whether that fetcher is busy. Other forms are followed through the navigation. */
  pending?: boolean;
};

/**
 * The submit button of every form: while its own form's submission runs (not any other navigation) it is
 * disabled, so a second click cannot submit twice, says so to assistive technology (aria-busy and a polite
 * live region), and shows a pending label or spinner. Before JavaScript loads it is a plain submit button.
 */
export function SubmitButton({
  children,
  variant = "primary",
  size = "md",
  className = "",
  pendingLabel,
  pending: fetcherPending,
  disabled,
  ...rest
}: SubmitButtonProps) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const submission = useOwnSubmission(button);
  const navigation = useNavigation();
  const navigationPending =
    navigation.state !== "idle" &&
    navigation.formData !== undefined &&
    submission !== null &&
    submission.key === submissionKey(navigation.formData);
  const formBusy = fetcherPending ?? navigationPending;
  // Every button of a busy form is disabled; only the one that submitted it shows the pending label.
  const pending = formBusy && (fetcherPending !== undefined || submission?.bySelf === true);
  const label = pendingLabel ?? t("app.submitting");

  return (
    <>
      {/* A live region without role="status", which stays free for what the page says of the answer. */}
      <span aria-live="polite" className="sr-only">
        {pending ? label : ""}
      </span>
      <button
        {...rest}
        ref={button}
        type="submit"
        disabled={disabled || formBusy}
        aria-busy={pending || undefined}
        className={variant === "bare" ? className : buttonClasses(variant, size, className)}
      >
        {pending && pendingLabel !== undefined ? (
          pendingLabel
        ) : (
          <>
            {pending && <Spinner className="h-4 w-4 border-2" />}
            {children}
          </>
        )}
      </button>
    </>
  );
}

type Submission = { key: string; bySelf: boolean };

/**
 * The last submission of the button's form, as React Router will send it. Recorded from the form's own
 * submit event, which runs before React Router's handler: a navigation whose data differs is someone else's.
 */
function useOwnSubmission(button: RefObject<HTMLButtonElement | null>) {
  const [submission, setSubmission] = useState<Submission | null>(null);
  useEffect(() => {
    const form = button.current?.form;
    if (!form) return;
    const record = (event: SubmitEvent) => {
      const submitter = event.submitter instanceof HTMLButtonElement ? event.submitter : null;
      setSubmission({ key: submissionKey(new FormData(form, submitter)), bySelf: submitter === button.current });
    };
    form.addEventListener("submit", record);
    return () => form.removeEventListener("submit", record);
  }, [button]);
  return submission;
}

function submissionKey(formData: FormData): string {
  return JSON.stringify(
    [...formData.entries()].map(([name, value]) =>
      typeof value === "string" ? [name, value] : [name, value.name, value.size],
    ),
  );
}
