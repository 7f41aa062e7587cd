/** A gallery photo's small rendition (server/images/gallery-photos.ts: `${image}-480.webp`). */
export function GalleryThumbnail({
  photo,
  className = "",
}: {
  photo: { image: string; alt: string; width: number; height: number };
  className?: string;
}) {
  return (
    <img
      src={`/uploads/${photo.image}-480.webp`}
      width={photo.width}
      height={photo.height}
      alt={photo.alt}
      loading="lazy"
      decoding="async"
      className={`aspect-[4/3] w-full rounded-md bg-muted object-cover ${className}`}
    />
  );
}
