import { useEffect, type ReactNode } from "react";
import { echoInToast } from "./toasts";

/**
 * What went wrong with the last submission: announced (role=alert), shown in the page, and once the
 * page is interactive as a destructive toast too (not announced twice), once per submission (`submission` is the action's
 * answer, a new object each time). Fields point to it with aria-describedby.
 */
export function OrderAlert({
  id,
  title,
  messages,
  submission,
  children,
}: {
  id: string;
  title: string;
  messages: readonly string[];
  submission?: unknown;
  children?: ReactNode;
}) {
  const summary = messages.join(" ");
  useEffect(() => {
    if (submission) echoInToast("error", title, summary);
  }, [submission, title, summary]);
  return (
    <div
      id={id}
      role="alert"
      className="flex flex-col gap-1 rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">{title}</p>
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
      {children}
    </div>
  );
}
