/** A spinning ring; decorative, so the caller provides the accessible text. */
export function Spinner({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-4 border-current border-e-transparent motion-reduce:animate-[spin_1.5s_linear_infinite] ${className}`}
    />
  );
}
