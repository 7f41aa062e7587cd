import { Sparkles } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { buttonClasses } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/submit-button";
import { formatMoney } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import {
  assistantSuggestionSchema,
  MAX_ASSISTANT_HISTORY_TURNS,
  MAX_ASSISTANT_QUESTION_LENGTH,
  MAX_ASSISTANT_TURN_LENGTH,
  suggestionKey,
  type AssistantMode,
  type AssistantSuggestion,
  type AssistantTurn,
} from "#domain/assistant-suggestions";
import type { BudgetLine, PlanInput } from "#domain/event-plan-input";
import { LOCALE_TAGS } from "#domain/language";

/**
 * The planner's chat panel (issue 20): a brief on request, questions about the plan, the answer appearing as the
 * server streams it (POST /event-planning/assistant), the conversation kept on the page so a follow-up question
 * carries the earlier turns. The model's words are shown as text (React text nodes, never HTML), and a
 * suggestion reaches the plan through `onApplySuggestion` only after it passed the domain's schema again.
 * Loaded on demand by AssistantSlot (assistant-slot.tsx).
 */
export interface AssistantPanelProps {
  /** The planner's current answers (valid ones: the panel shows only when the plan does). */
  plan: PlanInput;
  budgetLines: BudgetLine[];
  /** Changes the plan on the page: an extra task, or a budget line's new total. */
  onApplySuggestion: (suggestion: AssistantSuggestion) => void;
}

type Status = "idle" | "streaming" | "unavailable" | "problem";

interface Exchange {
  asked: string;
  answer: string;
}

export function AssistantPanel({ plan, budgetLines, onApplySuggestion }: AssistantPanelProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const id = useId();
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const [status, setStatus] = useState<Status>("idle");
  const [problem, setProblem] = useState("");
  const [question, setQuestion] = useState("");
  const [suggestions, setSuggestions] = useState<AssistantSuggestion[]>([]);
  const [applied, setApplied] = useState<string[]>([]);
  const running = useRef<AbortController | null>(null);

  async function ask(mode: AssistantMode, text: string) {
    if (status === "streaming") return;
    const asked = mode === "brief" ? t("assistant.briefAsked") : text;
    const history: AssistantTurn[] = exchanges
      .flatMap((exchange): AssistantTurn[] => [
        { role: "user", content: exchange.asked.slice(0, MAX_ASSISTANT_TURN_LENGTH) },
        { role: "assistant", content: exchange.answer.slice(0, MAX_ASSISTANT_TURN_LENGTH) },
      ])
      .filter((turn) => turn.content !== "")
      .slice(-MAX_ASSISTANT_HISTORY_TURNS);
    const controller = new AbortController();
    running.current = controller;
    setStatus("streaming");
    setProblem("");
    setExchanges((previous) => [...previous, { asked, answer: "" }]);
    const addText = (piece: string) =>
      setExchanges((previous) =>
        previous.map((exchange, index) =>
          index === previous.length - 1 ? { ...exchange, answer: exchange.answer + piece } : exchange,
        ),
      );
    try {
      const response = await fetch("/event-planning/assistant", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
        body: JSON.stringify({ mode, question: mode === "brief" ? "" : text, language, plan, budgetLines, history }),
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => null)) as { outcome?: string; message?: string } | null;
        dropLastExchange();
        if (body?.outcome && body.outcome !== "unavailable" && body.message) {
          setProblem(body.message);
          setStatus("problem");
        } else {
          setStatus("unavailable");
        }
        return;
      }
      const ending = await readEvents(response.body, addText, (offered) =>
        setSuggestions((previous) => mergeSuggestions(previous, offered)),
      );
      setStatus(ending === "done" ? "idle" : "unavailable");
      if (mode === "question") setQuestion("");
    } catch {
      if (!controller.signal.aborted) setStatus("unavailable");
    } finally {
      running.current = null;
    }
  }

  function dropLastExchange() {
    setExchanges((previous) => previous.slice(0, -1));
  }

  function startOver() {
    running.current?.abort();
    setExchanges([]);
    setSuggestions([]);
    setApplied([]);
    setProblem("");
    setStatus("idle");
  }

  function apply(suggestion: AssistantSuggestion) {
    const checked = assistantSuggestionSchema.safeParse(suggestion);
    if (!checked.success) return;
    onApplySuggestion(checked.data);
    setApplied((previous) => [...previous, suggestionKey(checked.data)]);
  }

  function submitQuestion(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = question.trim();
    if (text === "") {
      setProblem(t("assistant.errors.question_missing"));
      setStatus("problem");
      return;
    }
    void ask("question", text);
  }

  const isStreaming = status === "streaming";
  const questionId = `${id}-question`;
  const problemId = `${id}-problem`;

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4 rounded-md border border-border p-4">
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-semibold">
          <Sparkles aria-hidden="true" className="h-5 w-5 text-primary" />
          {t("assistant.heading")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("assistant.intro")}</p>
      </div>

      {exchanges.length > 0 && (
        <div role="log" aria-busy={isStreaming} className="flex flex-col gap-3" data-testid="assistant-log">
          {exchanges.map((exchange, index) => (
            <div key={index} className="flex flex-col gap-2">
              <p className="self-end rounded-md bg-muted px-3 py-2 text-sm">
                <span className="sr-only">{t("assistant.you")}: </span>
                <span className="whitespace-pre-wrap" dir="auto">
                  {exchange.asked}
                </span>
              </p>
              {exchange.answer !== "" && (
                <p className="rounded-md border border-border px-3 py-2 text-sm" lang={language}>
                  <span className="sr-only">{t("assistant.assistant")}: </span>
                  <span className="whitespace-pre-wrap" dir="auto" data-testid="assistant-answer">
                    {exchange.answer}
                  </span>
                </p>
              )}
            </div>
          ))}
        </div>
      )}

      {status === "unavailable" && (
        <p role="status" className="rounded-md bg-muted px-3 py-2 text-sm font-medium">
          {t("assistant.unavailable")}
        </p>
      )}

      {suggestions.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="text-base font-semibold">{t("assistant.suggestionsHeading")}</h3>
          <ul className="flex flex-col gap-2">
            {suggestions.map((suggestion) => {
              const key = suggestionKey(suggestion);
              const isApplied = applied.includes(key);
              return (
                <li
                  key={key}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3"
                >
                  <div className="flex min-w-0 flex-col gap-1 text-sm">
                    <span className="font-medium">{describe(suggestion)}</span>
                    {suggestion.reason !== "" && (
                      <span className="whitespace-pre-wrap text-muted-foreground" dir="auto">
                        {suggestion.reason}
                      </span>
                    )}
                  </div>
                  <button
                    type="button"
                    className={buttonClasses("outline", "sm")}
                    disabled={isApplied}
                    onClick={() => apply(suggestion)}
                  >
                    {isApplied ? t("assistant.added") : t("assistant.addToPlan")}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}

      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClasses("secondary")}
          disabled={isStreaming}
          onClick={() => void ask("brief", "")}
        >
          {t("assistant.brief")}
        </button>
        {exchanges.length > 0 && (
          <button type="button" className={buttonClasses("ghost")} onClick={startOver}>
            {t("assistant.startOver")}
          </button>
        )}
      </div>

      <form onSubmit={submitQuestion} className="flex flex-col gap-2" noValidate>
        <label htmlFor={questionId} className="text-sm font-medium">
          {t("assistant.questionLabel")}
        </label>
        <textarea
          id={questionId}
          name="question"
          rows={2}
          maxLength={MAX_ASSISTANT_QUESTION_LENGTH}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          aria-describedby={`${id}-hint${status === "problem" ? ` ${problemId}` : ""}`}
          aria-invalid={status === "problem" || undefined}
          className="w-full rounded-md border border-border bg-background px-3 py-2 text-sm text-foreground"
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t("assistant.questionHint")}
        </p>
        {status === "problem" && (
          <p id={problemId} role="alert" className="text-sm text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
        <div>
          <SubmitButton pending={isStreaming} pendingLabel={t("assistant.writing")}>
            {t("assistant.ask")}
          </SubmitButton>
        </div>
      </form>
    </section>
  );

  function describe(suggestion: AssistantSuggestion): string {
    if (suggestion.kind === "task") {
      const due = new Date(`${plan.date}T12:00:00Z`);
      due.setUTCDate(due.getUTCDate() - suggestion.daysBefore);
      const date = new Intl.DateTimeFormat(LOCALE_TAGS[language], {
        dateStyle: "medium",
        timeZone: "UTC",
      }).format(due);
      return t("assistant.taskSuggestion", { date, item: t(`eventTypes.checklist.${suggestion.item}`) });
    }
    const amount = formatMoney(suggestion.amountCents, language);
    return t("assistant.budgetSuggestion", { category: t(`assistant.categories.${suggestion.category}`), amount });
  }
}

function mergeSuggestions(previous: AssistantSuggestion[], offered: unknown[]): AssistantSuggestion[] {
  const byKey = new Map(previous.map((suggestion) => [suggestionKey(suggestion), suggestion]));
  for (const candidate of offered) {
    const checked = assistantSuggestionSchema.safeParse(candidate);
    if (checked.success) byKey.set(suggestionKey(checked.data), checked.data);
  }
  return [...byKey.values()];
}

/** Reads the answer's server-sent events; "done" when it ended well, else "unavailable". */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  onText: (text: string) => void,
  onSuggestions: (suggestions: unknown[]) => void,
): Promise<"done" | "unavailable"> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return "unavailable";
    buffered += decoder.decode(value, { stream: true });
    let end = buffered.indexOf("\n\n");
    while (end !== -1) {
      const frame = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      end = buffered.indexOf("\n\n");
      if (!frame.startsWith("data: ")) continue;
      const event = JSON.parse(frame.slice(6)) as { type: string; text?: string; suggestions?: unknown[] };
      if (event.type === "text" && typeof event.text === "string") onText(event.text);
      else if (event.type === "suggestions" && Array.isArray(event.suggestions)) onSuggestions(event.suggestions);
      else if (event.type === "done") return "done";
      else if (event.type === "unavailable") return "unavailable";
    }
  }
}
