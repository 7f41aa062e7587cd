/*
 * The Cache-Control values of the API's answers: the handlers send them and the operations' declarations
 * document them, from here, so the two cannot differ.
 */

/** Answers about one person are theirs alone: no shared cache may keep them, nor the browser's disk. */
export const PRIVATE_CACHE = "private, no-store";
/** Event searches and pages: they change as tickets sell. */
export const EVENTS_CACHE = "public, max-age=30, stale-while-revalidate=60";
/** Categories, venues, sponsors and organizers. */
export const DIRECTORY_CACHE = "public, max-age=60";
/** The home page's figures. */
export const STATS_CACHE = "public, max-age=2";
/** The OpenAPI document changes only with a deploy. */
export const DOCUMENT_CACHE = "public, max-age=300";
