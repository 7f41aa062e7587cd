/** The console's sections, in the order of its navigation (app/routes/admin.tsx). */
export const ADMIN_SECTIONS = [
  { to: "/admin", labelKey: "admin.nav.overview", end: true },
  { to: "/admin/events", labelKey: "admin.nav.events", end: false },
  { to: "/admin/reports", labelKey: "admin.nav.reports", end: false },
  { to: "/admin/people", labelKey: "admin.nav.people", end: false },
  { to: "/admin/sponsors", labelKey: "admin.nav.sponsors", end: false },
  { to: "/admin/messages", labelKey: "admin.nav.messages", end: false },
  { to: "/admin/blog", labelKey: "admin.nav.blog", end: false },
  { to: "/admin/audit", labelKey: "admin.nav.audit", end: false },
] as const;
