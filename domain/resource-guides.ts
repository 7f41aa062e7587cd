/**
 * The organizers' guides at /resources/{slug}: each one's sections and checklist (the keys of their words,
 * resources.guides.{slug}.* in the locale files), and the site's tools it leads to. A section may show
 * live data after its text (the promotion packages of the rate card). Data, so that the sitemap lists
 * the guides too.
 */
export interface ResourceGuide {
  slug: string;
  sections: string[];
  checklist: string[];
  tools: { to: string; labelKey: string }[];
  /** A section after whose text the promotion packages are listed. */
  ratesAfter?: string;
}

const TOOL = {
  create: { to: "/create", labelKey: "resources.tools.create" },
  pricing: { to: "/pricing", labelKey: "resources.tools.pricing" },
  dashboard: { to: "/dashboard", labelKey: "resources.tools.dashboard" },
  promote: { to: "/promote", labelKey: "resources.tools.promote" },
  findTicket: { to: "/find-my-ticket", labelKey: "resources.tools.findTicket" },
  eventTypes: { to: "/event-types", labelKey: "resources.tools.eventTypes" },
  guidelines: { to: "/community-guidelines", labelKey: "resources.tools.guidelines" },
} as const;

export const RESOURCE_GUIDES: ResourceGuide[] = [
  {
    slug: "pricing-tickets",
    sections: ["costs", "types", "timing", "checkout", "free"],
    checklist: ["breakEven", "compare", "types", "window", "capacity", "refundPolicy"],
    tools: [TOOL.create, TOOL.pricing, TOOL.dashboard],
  },
  {
    slug: "promoting-your-event",
    sections: ["listing", "free", "paid", "timing"],
    checklist: ["title", "picture", "category", "share", "budget", "review"],
    tools: [TOOL.promote, TOOL.pricing, TOOL.dashboard],
    ratesAfter: "paid",
  },
  {
    slug: "running-check-in",
    sections: ["tool", "scanning", "manual", "results", "door"],
    checklist: ["coOrganizers", "test", "power", "backup", "lines", "lost"],
    tools: [TOOL.dashboard, TOOL.findTicket],
  },
  {
    slug: "accessible-events",
    sections: ["listing", "venue", "communication", "onTheDay"],
    checklist: ["describe", "altText", "visit", "captions", "ask", "brief"],
    tools: [TOOL.create, TOOL.eventTypes, TOOL.guidelines],
  },
];

export function resourceGuideBySlug(slug: string): ResourceGuide | null {
  return RESOURCE_GUIDES.find((guide) => guide.slug === slug) ?? null;
}
