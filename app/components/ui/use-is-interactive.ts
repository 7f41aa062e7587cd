import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * False in the server's HTML and during hydration, true once scripts run: what needs them (a camera,
 * a sheet, a button that only scripts handle) shows only then, and plain links and forms serve before.
 */
export function useIsInteractive(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
