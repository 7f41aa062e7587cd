import { useEffect, useState, type ComponentType } from "react";
import { useTranslation } from "#app/i18n/use-translation";
import type { AssistantPanelProps } from "./assistant-panel";

/**
 * Where a page shows the planner's assistant. Without a configured model (the loader's `isAssistantOn`) it is a
 * short note; with one, the chat panel is fetched after the page is interactive (a separate chunk: pages and
 * visitors that never see it pay nothing for it), since it only works with JavaScript anyway. Its words are the
 * `assistant` page namespace and, for suggested tasks, `eventTypes`.
 */
export function AssistantSlot({ isAssistantOn, ...panel }: AssistantPanelProps & { isAssistantOn: boolean }) {
  const { t } = useTranslation();
  const [Panel, setPanel] = useState<ComponentType<AssistantPanelProps> | null>(null);
  useEffect(() => {
    if (!isAssistantOn) return;
    let isCurrent = true;
    void import("./assistant-panel").then((module) => {
      if (isCurrent) setPanel(() => module.AssistantPanel);
    });
    return () => {
      isCurrent = false;
    };
  }, [isAssistantOn]);

  if (isAssistantOn && Panel) return <Panel {...panel} />;
  return (
    <section
      aria-labelledby="assistant-slot-heading"
      className="flex flex-col gap-1 rounded-md border border-border p-4"
    >
      <h2 id="assistant-slot-heading" className="text-lg font-semibold">
        {t("assistant.heading")}
      </h2>
      <p className="text-sm text-muted-foreground">{isAssistantOn ? t("assistant.loading") : t("assistant.off")}</p>
    </section>
  );
}
