// The stylesheet (fonts included, see app.css) goes through `links` with a precedence, so React puts it
// first in <head>. Imported for its side effect it came after the twenty-odd module preloads, and the
// browser, asking for those first, delayed the first paint.
import appStylesHref from "./app.css?url";
import { useEffect, type ReactNode } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
} from "react-router";
import { textDirection } from "#domain/language";
import { secondsUntilRefresh } from "#domain/session-timing";
import { takeFlash } from "#app/flash";
import { badgeNoticeFor } from "#app/routes/badge-notice.server";
import { BadgeNotice } from "#app/components/notifications/badge-notice";
import { useRootData, type RootData } from "#app/root-data";
import { FlashNotice } from "#app/components/flash-notice";
import { SessionKeeper } from "#app/components/session-keeper";
import { useNonce } from "#app/components/nonce";
import { NavigationSpinner } from "#app/components/navigation-spinner";
import { NotFoundPage } from "#app/components/not-found-page";
import { PageChangeFocus } from "#app/components/page-change-focus";
import { ServerErrorPage } from "#app/components/server-error-page";
import { SiteFooter } from "#app/components/site-footer";
import { Toasts } from "#app/components/toasts";
import { SiteHeader } from "#app/components/site-header";
import { ThemeScript } from "#app/components/theme-script";
import { loadMessages, pageMessagesOf } from "#app/i18n/messages";
import { useI18n } from "#app/i18n/use-i18n";
import { TranslationProvider, useTranslation } from "#app/i18n/use-translation";
import { languageInAddress, negotiateLanguage, themeFromRequest } from "#app/i18n/preferences";
import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appStylesHref, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const taken = takeFlash(request);
  const { viewer } = context;
  const language = negotiateLanguage(request);
  const rootData: RootData = {
    language,
    linkedLanguage: languageInAddress(request),
    theme: themeFromRequest(request),
    // Absolute URLs in meta tags (canonical, Open Graph) use the configured public address.
    origin: context.config.publicUrl,
    // The header is drawn signed in from the first byte: no signed-out flash while scripts load.
    viewer: viewer && {
      name: viewer.name,
      email: viewer.email,
      profileImage: viewer.profileImage,
      isStaff: viewer.isStaff,
      refreshInSeconds: viewer.sessionExpiresAt
        ? secondsUntilRefresh(viewer.sessionExpiresAt, Math.floor(Date.now() / 1000))
        : null,
      unreadNotifications: viewer.unreadNotifications ?? 0,
      badgeNotice: viewer.unseenBadges?.length ? await badgeNoticeFor(language, viewer.unseenBadges) : null,
    },
    flash: taken?.flash ?? null,
  };
  // A notice is shown once: reading it clears its cookie.
  return data(rootData, taken ? { headers: { "Set-Cookie": taken.clear } } : undefined);
}

/**
 * On navigations after the first page the root's data comes back from the server, and its language may
 * change: a link without `?lang=` leads from a shared `?lang=ar` page back to the cookie's or the
 * browser's language. That language's messages are loaded before the new page renders, so that its
 * `meta` and its first render have them (the first page's are loaded by entry.client.tsx).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const rootData = await serverLoader();
  await loadMessages(rootData.language);
  return rootData;
}

/** The document around every page, error pages included. */
export function Layout({ children }: { children: ReactNode }) {
  const { language, theme } = useRootData();
  const nonce = useNonce();
  const translator = useI18n(language, pageMessagesOf(useMatches()));
  return (
    <html
      lang={language}
      dir={textDirection(language)}
      className={theme === "dark" ? "dark" : undefined}
      style={theme === "system" ? undefined : { colorScheme: theme }}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <ThemeScript />
        <Meta />
        {/* Stylesheets need no nonce (style-src allows 'self'); an explicit empty one keeps React Router
            from copying the script nonce here, which the browser hides and hydration then misreads. */}
        <Links nonce="" />
      </head>
      <body className="flex min-h-dvh flex-col bg-background text-foreground antialiased">
        <TranslationProvider value={translator}>
          <Shell>{children}</Shell>
        </TranslationProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { theme } = useRootData();
  // Marks the moment the page became interactive (browser tests wait for it before clicking).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t("app.skipToContent")}
      </a>
      <SiteHeader />
      <BadgeNotice />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
      <NavigationSpinner />
      <PageChangeFocus />
      <SessionKeeper />
      <FlashNotice />
      <Toasts
        position={i18n.dir() === "rtl" ? "bottom-left" : "bottom-right"}
        visibleToasts={3}
        duration={4000}
        dir={i18n.dir()}
        theme={theme}
        richColors
        closeButton
      />
    </>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ServerErrorPage />;
}
