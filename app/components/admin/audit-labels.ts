import type { TFunction } from "#app/i18n/translator";

/*
 * The audit log's words. Each action has a label under `admin.audit.actions` in the `admin` page
 * namespace (app/i18n/locales/pages/*.json), its dots written as underscores: "event.feature" is
 * `admin.audit.actions.event_feature`. An action without a label shows as its own word, so an action
 * added before its label never breaks the page. Fields (`admin.audit.fields`) and subject types
 * (`admin.audit.subjects`) work the same way.
 */

function labelOr(t: TFunction, key: string, fallback: string): string {
  const label = t(key);
  return label === key ? fallback : label;
}

const keyOf = (word: string) => word.replace(/\./g, "_");

export const actionLabel = (t: TFunction, action: string) => labelOr(t, `admin.audit.actions.${keyOf(action)}`, action);
export const familyLabel = (t: TFunction, family: string) =>
  labelOr(t, `admin.audit.families.${keyOf(family)}`, family);
export const fieldLabel = (t: TFunction, field: string) => labelOr(t, `admin.audit.fields.${keyOf(field)}`, field);
export const subjectTypeLabel = (t: TFunction, type: string) => labelOr(t, `admin.audit.subjects.${keyOf(type)}`, type);

/** Where a subject of the log is shown, when it has a page: people in the console, events and sponsors publicly. */
export function subjectLink(subjectType: string, subjectId: string): string | null {
  if (subjectType === "user" && /^[0-9a-f-]{36}$/i.test(subjectId)) return `/admin/people/${subjectId}`;
  if (subjectType === "event" && /^\d{1,10}$/.test(subjectId)) return `/events/${subjectId}`;
  if (subjectType === "sponsor" && /^\d{1,10}$/.test(subjectId)) return `/sponsors/${subjectId}`;
  return null;
}

/** A sign-in provider's name ("google" → "Google"); an unknown provider shows as its own word. */
export const providerLabel = (t: TFunction, provider: string) =>
  labelOr(t, `admin.person.provider.${keyOf(provider)}`, provider);
