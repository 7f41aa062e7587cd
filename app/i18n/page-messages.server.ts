import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
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

/**
 * A loader's answer with its page's messages added to its data, for loaders that answer in several
 * ways: a `data(…, init)` keeps its status and headers, a plain object gains `pageMessages`, and a
 * Response (a redirect) passes through untouched.
 */
export async function withPageMessages<Answer extends object>(
  language: Language,
  namespaces: readonly PageNamespace[],
  answer: Answer,
): Promise<WithPageMessages<Answer>> {
  if (answer instanceof Response) return answer as WithPageMessages<Answer>;
  const messages = await pageMessages(language, namespaces);
  if (isDataWithInit(answer)) {
    return data(
      { ...(answer.data as object), pageMessages: messages },
      answer.init ?? undefined,
    ) as WithPageMessages<Answer>;
  }
  return { ...answer, pageMessages: messages } as WithPageMessages<Answer>;
}

type WithPageMessages<Answer> = Answer extends Response
  ? Answer
  : Answer extends DataWithResponseInit<infer Data>
    ? DataWithResponseInit<Data & { pageMessages: PageMessages }>
    : Answer & { pageMessages: PageMessages };

/** What `data(value, init)` makes (React Router exports its class as a type only). */
function isDataWithInit(answer: object): answer is DataWithResponseInit<unknown> {
  return "type" in answer && answer.type === "DataWithResponseInit";
}
