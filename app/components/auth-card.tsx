import { useEffect, type ReactNode } from "react";
import { describeProblem, type AuthProblem } from "#app/auth-problem";
import { useTranslation } from "#app/i18n/use-translation";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "#domain/password-policy";
import { echoInToast } from "./toasts";
import { TextField } from "./ui/text-field";

/** The frame of every account page: a heading, a line under it, the form, and links below. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">{title}</h1>
        {description && <p className="mt-2 text-sm text-muted-foreground">{description}</p>}
        <div className="mt-6 flex flex-col gap-4">{children}</div>
      </div>
      {footer && <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div>}
    </div>
  );
}

/**
 * What went wrong with the last submission: announced (role=alert), shown in the form, and, once the
 * page is interactive, as a destructive toast too (spec §8: "a destructive toast and an error state"),
 * which screen readers do not hear a second time.
 * Fields the problem is about point to it with aria-describedby (see `problemFieldProps`).
 */
export function FormProblem({ id, problem }: { id: string; problem: AuthProblem | null | undefined }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!problem) return;
    const { title, message } = describeProblem(t, problem);
    echoInToast("error", title, message);
  }, [problem, t]);
  if (!problem) return null;
  const { title, message } = describeProblem(t, problem);
  return (
    <div
      id={id}
      role="alert"
      className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">{title}</p>
      <p>{message}</p>
    </div>
  );
}

/**
 * A success that keeps the person on the page (a link was sent): said politely, and shown as a toast too
 * (not announced twice), once per submission (`submission` is the action's answer, a new object each time).
 */
export function FormSuccess({ title, message, submission }: { title: string; message: string; submission: unknown }) {
  useEffect(() => echoInToast("success", title, message), [submission, title, message]);
  return (
    <div
      role="status"
      className="rounded-md border border-green-700 bg-green-50 p-3 text-sm text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100"
    >
      <p className="font-semibold">{title}</p>
      <p>{message}</p>
    </div>
  );
}

/** The id of the message a field should point to, when the problem is about that field. */
export function problemIdFor(
  problem: AuthProblem | null | undefined,
  field: NonNullable<AuthProblem["field"]>,
  problemId: string,
): string | undefined {
  return problem?.field === field ? problemId : undefined;
}

/**
 * The field where someone chooses a password (sign-up, reset): the policy's length limits, a hint,
 * a show/hide toggle, and `new-password` so password managers offer to generate one.
 */
export function NewPasswordField({
  id,
  label,
  problem,
  problemId,
}: {
  id: string;
  label: string;
  problem: AuthProblem | null | undefined;
  problemId: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      id={id}
      name="password"
      type="password"
      label={label}
      hint={t("auth.passwordHint")}
      autoComplete="new-password"
      required
      minLength={MIN_PASSWORD_LENGTH}
      maxLength={MAX_PASSWORD_LENGTH}
      errorId={problemIdFor(problem, "password", problemId)}
      reveal={{ show: t("auth.showPassword"), hide: t("auth.hidePassword") }}
    />
  );
}
