/** Class names for anything that looks like a button (buttons and links alike). */
export type ButtonVariant = "primary" | "secondary" | "ghost" | "outline" | "light" | "onImage" | "onPrimary";
export type ButtonSize = "sm" | "md" | "icon";

const BASE =
  "inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 whitespace-nowrap";
const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-primary text-primary-foreground hover:bg-primary/90",
  secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
  ghost: "hover:bg-muted text-foreground",
  outline: "border border-border bg-background hover:bg-muted text-foreground",
  /** On a dark picture (the hero): solid white, and outlined white. */
  light: "bg-white text-zinc-900 hover:bg-white/90",
  onImage: "border border-white text-white hover:bg-white/15",
  /** Outlined on a primary-coloured panel, in either theme. */
  onPrimary: "border border-primary-foreground/70 text-primary-foreground hover:bg-primary-foreground/10",
};
const SIZES: Record<ButtonSize, string> = {
  sm: "h-9 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  icon: "h-10 w-10",
};

export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra = ""): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]} ${extra}`.trim();
}
