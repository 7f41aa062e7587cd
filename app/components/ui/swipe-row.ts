/**
 * A list that is a grid on wider screens and, below `sm`, one row swiped sideways: each item most of
 * the screen wide, so the next one shows at the edge, snapping to its start (the inline start, so
 * right-to-left pages swipe the other way). The browser scrolls an item into view when a link in it
 * gets focus, so Tab walks the row; `gridClasses` are the list's classes from `sm` up.
 */
export function swipeRowClasses(gridClasses: string): string {
  return `${gridClasses} max-sm:-mx-4 max-sm:flex max-sm:snap-x max-sm:snap-mandatory max-sm:scroll-px-4 max-sm:overflow-x-auto max-sm:px-4 max-sm:pb-2`;
}

/** An item of such a list: its content fills it (a card as wide as its column), and it snaps in the row. */
export const SWIPE_ITEM = "grid max-sm:w-[82%] max-sm:shrink-0 max-sm:snap-start";
