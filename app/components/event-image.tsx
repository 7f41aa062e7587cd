/** A stored WebP image in all its widths, so the browser picks the smallest that looks sharp. */
export function EventImage({
  image,
  sizes,
  className = "",
  eager = false,
}: {
  image: { storageKey: string; widths: number[]; alt: string };
  sizes: string;
  className?: string;
  eager?: boolean;
}) {
  const widths = [...image.widths].sort((a, b) => a - b);
  const middle = widths[Math.floor(widths.length / 2)] ?? widths[0];
  const url = (width: number | undefined) => `/uploads/${image.storageKey}-${width}.webp`;
  return (
    <img
      src={url(middle)}
      srcSet={widths.map((width) => `${url(width)} ${width}w`).join(", ")}
      sizes={sizes}
      width={1600}
      height={900}
      alt={image.alt}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={className}
    />
  );
}
