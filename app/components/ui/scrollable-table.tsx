import type { ReactNode } from "react";

/**
 * A table that scrolls sideways on narrow screens inside a focusable region (so keyboard users can
 * scroll it too), named by its caption, which screen readers read and sighted readers do not need.
 */
export function ScrollableTable({
  captionId,
  caption,
  children,
}: {
  captionId: string;
  caption: string;
  children: ReactNode;
}) {
  return (
    <div
      className="overflow-x-auto rounded-md border border-border"
      tabIndex={0}
      role="region"
      aria-labelledby={captionId}
    >
      <table className="w-full text-start text-sm">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}
