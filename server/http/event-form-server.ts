import type { Database } from "#server/db/client";
import { AppError } from "#server/errors";
import { readFormWithin } from "#server/http/read-form";
import { MAX_EVENT_IMAGE_BYTES } from "#server/images/event-images";
import { listEventFormOptions } from "#server/services/event-authoring";
import { renderMarkdown } from "#server/services/markdown";
import { searchVenues } from "#server/services/venues";

/**
 * What the event form's server half (app/components/event-form/event-form-action.server.ts) asks of
 * the server. The routes /create and /events/:id/edit hand it over: in app/ only route modules reach
 * server/ (architecture.md), so the form's module depends on this shape, never on server code.
 */
export function eventFormServer(db: Database) {
  return {
    maxImageBytes: MAX_EVENT_IMAGE_BYTES,
    readForm: (request: Request, maxBytes: number) => readFormWithin(request, maxBytes),
    searchVenues: (query: string) => searchVenues(db, query),
    renderMarkdown,
    listOptions: () => listEventFormOptions(db),
    /** A service's refusal (AppError) as its code and the fields it names; null for any other failure. */
    refusalOf: (error: unknown) => (error instanceof AppError ? { code: error.code, fields: error.fields } : null),
  };
}

export type EventFormServer = ReturnType<typeof eventFormServer>;
