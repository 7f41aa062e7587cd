import { useEffect, useId, useRef, useState, type ReactNode } from "react";

/**
 * A button that shows and hides a panel below it (the WAI-ARIA disclosure pattern, which suits site
 * navigation better than an application menu). Escape, a click outside, or focus leaving closes it;
 * Escape returns focus to the button.
 */
export function Disclosure({
  button,
  buttonClassName,
  buttonLabel,
  align = "start",
  children,
}: {
  button: ReactNode;
  buttonClassName: string;
  /** Accessible name when the button shows only an icon. */
  buttonLabel?: string;
  align?: "start" | "end";
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const isOutside = (target: EventTarget | null) => !container.current?.contains(target as Node);
    const onPointerDown = (event: PointerEvent) => isOutside(event.target) && setOpen(false);
    const onFocusIn = (event: FocusEvent) => isOutside(event.target) && setOpen(false);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("focusin", onFocusIn);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  return (
    <div ref={container} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-label={buttonLabel}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        {button}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className={`absolute top-full z-50 mt-1.5 min-w-48 rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg ${align === "end" ? "end-0" : "start-0"}`}
      >
        {open && children(() => setOpen(false))}
      </div>
    </div>
  );
}

/** Class names for a row inside a disclosure panel (a link or a button). */
export const DISCLOSURE_ITEM =
  "flex w-full items-center gap-2 rounded-sm px-3 py-2 text-start text-sm hover:bg-muted focus-visible:bg-muted focus-visible:outline-2 focus-visible:outline-ring aria-pressed:font-semibold";
