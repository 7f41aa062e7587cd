import { Eye, EyeOff } from "lucide-react";
import { useState, type InputHTMLAttributes } from "react";
import { useIsInteractive } from "./use-is-interactive";

/**
 * A labelled input with an optional hint. When `errorId` is given the field is marked invalid and
 * points to that message, so a screen reader reads it with the field. A password field can offer a
 * show/hide button (`reveal`), which appears once the page is interactive (before that it could not work).
 */
export function TextField({
  id,
  label,
  hint,
  errorId,
  reveal,
  type = "text",
  ...input
}: {
  id: string;
  label: string;
  hint?: string;
  errorId?: string;
  reveal?: { show: string; hide: string };
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id">) {
  const [isRevealed, setRevealed] = useState(false);
  const isInteractive = useIsInteractive();
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  const canReveal = reveal !== undefined && isInteractive;

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={reveal && isRevealed ? "text" : type}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={describedBy}
          className={`h-10 w-full rounded-md border border-border bg-background px-3 text-sm text-foreground aria-invalid:border-red-700 dark:aria-invalid:border-red-400 ${canReveal ? "pe-11" : ""}`}
          {...input}
        />
        {canReveal && (
          <button
            type="button"
            aria-label={isRevealed ? reveal.hide : reveal.show}
            aria-controls={id}
            onClick={() => setRevealed((revealed) => !revealed)}
            className="absolute inset-y-0 end-0 inline-flex w-10 items-center justify-center rounded-e-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            {isRevealed ? (
              <EyeOff aria-hidden="true" className="h-4 w-4" />
            ) : (
              <Eye aria-hidden="true" className="h-4 w-4" />
            )}
          </button>
        )}
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
