import { THEME_COOKIE, THEME_STORAGE_KEY } from "#app/i18n/preferences";
import { useNonce } from "./nonce";

/**
 * Runs before the first paint: applies the stored theme (resolving 'system' with the OS setting) so a
 * reload never flashes the wrong theme, and follows OS changes while 'system' is chosen.
 */
const script = `(function(){try{
var d=document.documentElement,m=window.matchMedia("(prefers-color-scheme: dark)");
function pick(){var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});
if(!t){var c=document.cookie.match(/(?:^|; )${THEME_COOKIE}=(light|dark|system)/);t=c?c[1]:"system";}return t;}
function apply(){var t=pick(),dark=t==="dark"||(t==="system"&&m.matches);d.classList.toggle("dark",dark);d.style.colorScheme=dark?"dark":"light";}
apply();m.addEventListener("change",apply);window.__applyTheme=apply;
}catch(e){}})();`;

export function ThemeScript() {
  return <script nonce={useNonce()} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}
