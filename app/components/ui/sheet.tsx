import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

/**
 * A panel that slides in from the inline end (right in LTR, left in RTL): 80% of the viewport,
 * at most 350 px. Focus is trapped while open and returns to the trigger on close.
 */
export function Sheet({
  open,
  onOpenChange,
  trigger,
  title,
  closeLabel,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  title: string;
  closeLabel: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 end-0 z-50 flex w-[80vw] max-w-[350px] flex-col gap-4 overflow-y-auto bg-background p-5 text-foreground shadow-xl"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close
              className="inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              aria-label={closeLabel}
            >
              <span aria-hidden="true" className="text-2xl leading-none">
                ×
              </span>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
