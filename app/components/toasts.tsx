import { useEffect, useSyncExternalStore, type ComponentProps } from "react";

type Sonner = typeof import("sonner");
type ToastKind = "success" | "error" | "info";

// Sonner is about 9 KB of script that most visits never use: it loads with the first notice.
let sonner: Sonner | null = null;
let hostMounted = false;
interface Notice {
  kind: ToastKind;
  message: string;
  description?: string;
  /** Said already by the page (its own alert or status): the toast is seen but not announced again. */
  quiet: boolean;
}
const pending: Notice[] = [];
const listeners = new Set<() => void>();

/** Shows a short notice (a toast), with an optional line under it; the first one loads the toast library. */
export function notify(kind: ToastKind, message: string, description?: string): void {
  show({ kind, message, description, quiet: false });
}

/**
 * The toast that repeats a message the page shows and announces itself (a form's alert): seen, but hidden
 * from screen readers, which heard the message once already (the alert and the toast's live region both
 * spoke it). No close button: its name would be the toast's only announced word; it goes by itself.
 */
export function echoInToast(kind: ToastKind, message: string, description?: string): void {
  show({ kind, message, description, quiet: true });
}

function show(notice: Notice): void {
  pending.push(notice);
  if (sonner && hostMounted) return flush();
  void import("sonner").then((module) => {
    sonner = module;
    for (const listener of listeners) listener();
  });
}

/** Takes every notice off the screen, and drops those not yet shown: for a page whose problems are behind it. */
export function dismissNotices(): void {
  pending.length = 0;
  sonner?.toast.dismiss();
}

function flush() {
  for (const { kind, message, description, quiet } of pending.splice(0)) {
    if (quiet) {
      sonner?.toast[kind](<span aria-hidden="true">{message}</span>, {
        description: description && <span aria-hidden="true">{description}</span>,
        closeButton: false,
      });
    } else {
      sonner?.toast[kind](message, description ? { description } : undefined);
    }
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where notices appear; renders nothing until the first one. */
export function Toasts(props: ComponentProps<Sonner["Toaster"]>) {
  const loaded = useSyncExternalStore(
    subscribe,
    () => sonner,
    () => null,
  );
  if (!loaded) return null;
  return <ToasterHost Toaster={loaded.Toaster} {...props} />;
}

function ToasterHost({ Toaster, ...props }: { Toaster: Sonner["Toaster"] } & ComponentProps<Sonner["Toaster"]>) {
  // The Toaster (a child) subscribes to notices in its own effect, which runs before this one.
  useEffect(() => {
    hostMounted = true;
    flush();
    return () => {
      hostMounted = false;
    };
  }, []);
  return <Toaster {...props} />;
}
