import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After a navigation in the browser (a search, a link, a form that leads to another page), focus moves to
 * the new page's main heading, so a screen reader announces the new page and the next Tab starts from
 * there, as after a full page load; it used to stay on the body, or on a link of the previous page.
 * The heading gets tabIndex -1: focusable from script only, not a Tab stop.
 * Choosing a language (`?lang=` in or out of the address) stays on the same page: focus stays on the
 * language control.
 */
export function PageChangeFocus() {
  const location = useLocation();
  const address = pageAddress(location.pathname, location.search);
  const previous = useRef(address);

  useEffect(() => {
    if (previous.current === address) return;
    previous.current = address;
    const heading = document.querySelector<HTMLElement>("main h1") ?? document.getElementById("main");
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
    // The scroll position is ScrollRestoration's business (top for a new page, the old one going back).
    heading.focus({ preventScroll: true });
  }, [address]);

  return null;
}

function pageAddress(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  query.delete("lang");
  return `${pathname}?${query}`;
}
