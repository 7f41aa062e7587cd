import type { ContactStatus } from "#domain/contact-message";

/** The badge of a contact thread's status in the console: outlined, readable in both themes. */
export const CONTACT_STATUS_STYLES: Record<ContactStatus, string> = {
  open: "border-amber-700 text-amber-900 dark:border-amber-300 dark:text-amber-100",
  answered: "border-green-700 text-green-900 dark:border-green-400 dark:text-green-100",
  closed: "border-border text-muted-foreground",
};
