/**
 * The sections of /terms and /community-guidelines: each one's anchor (the address of a section, kept
 * stable for links from e-mails), the key of its words (terms.sections.* / guidelines.sections.*) and
 * the keys of its paragraphs or list items, in order.
 */
export interface TextSection {
  id: string;
  key: string;
  paragraphs?: string[];
  /** A bulleted list, between the section's paragraphs `intro` and `note` when it has them. */
  list?: string[];
  /** Whether a paragraph `note` follows the list. */
  note?: boolean;
}

export const TERMS_SECTIONS: TextSection[] = [
  { id: "using-dmv-events", key: "agreement", paragraphs: ["p1", "p2"] },
  { id: "accounts", key: "accounts", paragraphs: ["p1", "p2", "p3"] },
  { id: "buying-tickets", key: "buyers", paragraphs: ["p1", "p2", "p3"] },
  { id: "fees", key: "fees" },
  { id: "refunds-and-cancellations", key: "refunds", paragraphs: ["p1", "p2", "p3", "p4", "p5"] },
  { id: "organizing-events", key: "organizers", paragraphs: ["p1", "p2", "p3", "p4"] },
  {
    id: "prohibited-events",
    key: "prohibited",
    list: ["illegal", "fraud", "hate", "weapons", "adult", "danger", "spam"],
  },
  { id: "your-content", key: "content", paragraphs: ["p1", "p2", "p3"] },
  { id: "liability", key: "liability", paragraphs: ["p1", "p2", "p3"] },
  { id: "changes", key: "changes", paragraphs: ["p1"] },
];

export const GUIDELINES_SECTIONS: TextSection[] = [
  { id: "what-we-expect", key: "expect", list: ["honest", "respect", "safe", "rights"] },
  {
    id: "hidden-events",
    key: "events",
    list: ["prohibited", "misleading", "duplicate", "spam", "abusive"],
    note: true,
  },
  { id: "reviews-and-photos", key: "reviews", list: ["offTopic", "abusive", "fake", "explicit", "rights"], note: true },
  { id: "reporting", key: "report", paragraphs: ["p1", "p2"] },
  { id: "staff-review", key: "review", paragraphs: ["p1", "p2", "p3"] },
  { id: "appeals", key: "appeals", paragraphs: ["p1", "p2"] },
];
