import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * A panel that slides in from the inline end (right in LTR, left in RTL): 80% of the viewport, at
 * most 350 px. A native modal <dialog>: the page behind is inert, Escape closes it, and focus goes
 * back to what opened it.
 */
export function Sheet({
  open,
  onOpenChange,
  title,
  closeLabel,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={() => onOpenChange(false)}
      // A click on the backdrop lands on the dialog element itself.
      onClick={(event) => event.target === event.currentTarget && onOpenChange(false)}
      className="fixed inset-y-0 start-auto end-0 m-0 h-dvh max-h-none w-[80vw] max-w-[350px] bg-background p-0 text-foreground shadow-xl backdrop:bg-black/50"
    >
      <div className="flex min-h-full flex-col gap-4 p-5">
        <div className="flex items-center justify-between">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            aria-label={closeLabel}
            className="inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span aria-hidden="true" className="text-2xl leading-none">
              ×
            </span>
          </button>
        </div>
        {open && children}
      </div>
    </dialog>
  );
}
