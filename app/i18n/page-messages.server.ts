import type { Language } from "#domain/language";
import { loadMessages, type Messages, type PageMessages, type PageNamespace } from "./messages";

/**
 * A page's own namespaces of page messages (messages.ts) in `language`, for the page's loader to return
 * as `pageMessages` beside its data: the root layout adds them to the page's translator
 * (pageMessagesOf), on the server as in the browser, where they arrive with the page's data.
 */
export async function pageMessages(language: Language, namespaces: readonly PageNamespace[]): Promise<PageMessages> {
  const messages = (await loadMessages(language)) as Messages & PageMessages;
  return Object.fromEntries(namespaces.map((namespace) => [namespace, messages[namespace]]));
}
