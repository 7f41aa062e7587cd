// React Router 7.18 starts Vite servers of its own (to read react-router.config.ts, and to compile
// route CSS) with `envFile: false`, which Vite 8 calls deprecated at each of them: three lines per
// build and two per development start, which nobody using this project can act on. This hides that
// one notice until React Router passes `envDir: false` instead; every other message still shows.
const ENV_FILE_NOTICE = "The `envFile` option is deprecated";

export function hideReactRouterEnvFileNotice() {
  const warn = console.warn;
  console.warn = (...args) => {
    if (typeof args[0] === "string" && args[0].includes(ENV_FILE_NOTICE)) return;
    warn(...args);
  };
}
