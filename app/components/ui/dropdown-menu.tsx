import * as Primitive from "@radix-ui/react-dropdown-menu";
import type { ComponentProps } from "react";

/** Radix's accessible dropdown menu, styled once for the whole app. */
export const DropdownMenu = Primitive.Root;
export const DropdownMenuTrigger = Primitive.Trigger;
export const DropdownMenuRadioGroup = Primitive.RadioGroup;

export function DropdownMenuContent({ className = "", ...props }: ComponentProps<typeof Primitive.Content>) {
  return (
    <Primitive.Portal>
      <Primitive.Content
        sideOffset={6}
        className={`z-50 min-w-48 rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg ${className}`}
        {...props}
      />
    </Primitive.Portal>
  );
}

const ITEM =
  "flex cursor-pointer select-none items-center gap-2 rounded-sm px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted";

export function DropdownMenuItem({ className = "", ...props }: ComponentProps<typeof Primitive.Item>) {
  return <Primitive.Item className={`${ITEM} ${className}`} {...props} />;
}

export function DropdownMenuRadioItem({
  className = "",
  children,
  ...props
}: ComponentProps<typeof Primitive.RadioItem>) {
  return (
    <Primitive.RadioItem className={`${ITEM} ps-8 relative ${className}`} {...props}>
      <Primitive.ItemIndicator className="absolute start-3 inline-flex">
        <span aria-hidden="true" className="h-2 w-2 rounded-full bg-current" />
      </Primitive.ItemIndicator>
      {children}
    </Primitive.RadioItem>
  );
}
