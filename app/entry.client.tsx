import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isLanguage } from "#domain/language";
import { loadMessages } from "#app/i18n/messages";

// The page's language must be loaded before hydration so the first client render matches the server's.
const language = document.documentElement.lang;
await loadMessages(isLanguage(language) ? language : "en");

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
