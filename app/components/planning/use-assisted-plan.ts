import { useMemo, useState } from "react";
import {
  suggestionKey,
  withSuggestedBudgetLine,
  withSuggestedTask,
  type AssistantSuggestion,
} from "#domain/assistant-suggestions";
import { budgetForAttendance, defaultBudgetLines, summarizeBudget, type BudgetSummary } from "#domain/event-budget";
import { planPhases } from "#domain/event-plan";
import type { BudgetLine, PlanInput, PlanPhase, PlanTask } from "#domain/event-plan-input";

interface PlanShown {
  phases: { phase: PlanPhase; tasks: PlanTask[] }[];
  budget: BudgetSummary;
}

/**
 * The planner's plan with the assistant's suggestions the person added ("Add to plan"), on the page only: extra
 * tasks join the timeline, a budget line's new total changes the summary. Each suggestion passes the domain's
 * schema again in withSuggestedTask / withSuggestedBudgetLine. New answers (another input) start from the plan.
 */
export function useAssistedPlan(input: PlanInput | null, plan: PlanShown | null, today: string) {
  const inputKey = JSON.stringify(input);
  const [added, setAdded] = useState<{ for: string; suggestions: AssistantSuggestion[] }>({
    for: inputKey,
    suggestions: [],
  });
  const suggestions = added.for === inputKey ? added.suggestions : [];
  const defaultLines = useMemo(
    () => (input ? budgetForAttendance(defaultBudgetLines(input), input.attendance) : []),
    // The input's content, not its identity, decides the lines.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [inputKey],
  );
  let tasks: PlanTask[] = plan ? plan.phases.flatMap((phase) => phase.tasks) : [];
  let budgetLines: BudgetLine[] = defaultLines;
  if (input) {
    for (const suggestion of suggestions) {
      if (suggestion.kind === "task") tasks = withSuggestedTask(tasks, suggestion, input, today);
      else budgetLines = withSuggestedBudgetLine(budgetLines, suggestion, input.attendance);
    }
  }
  const hasTasks = suggestions.some((suggestion) => suggestion.kind === "task");
  const hasBudget = suggestions.some((suggestion) => suggestion.kind === "budget");
  return {
    phases: plan && hasTasks ? planPhases(tasks) : (plan?.phases ?? []),
    budget: plan && input && hasBudget ? summarizeBudget(budgetLines, input.attendance) : (plan?.budget ?? null),
    budgetLines,
    apply: (suggestion: AssistantSuggestion) =>
      setAdded((previous) => ({
        for: inputKey,
        suggestions: [
          ...(previous.for === inputKey ? previous.suggestions : []).filter(
            (existing) => suggestionKey(existing) !== suggestionKey(suggestion),
          ),
          suggestion,
        ],
      })),
  };
}
