/** A spinning ring (size and ring width from the caller); decorative, so the caller provides the accessible text. */
export function Spinner({ className = "h-8 w-8 border-4" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-current border-e-transparent motion-reduce:animate-[spin_1.5s_linear_infinite] ${className}`}
    />
  );
}
