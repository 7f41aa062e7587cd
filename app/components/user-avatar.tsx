import { useEffect, useRef, useState } from "react";

/**
 * A person's round picture, or the first letter of their name when there is none or it does not
 * load (spec §2). The letter sits under the picture, so nothing jumps while the picture arrives.
 * Decorative: the name is always said next to it or in the control's label.
 */
export function UserAvatar({
  name,
  profileImage,
  size = "sm",
}: {
  name: string;
  profileImage: string | null;
  size?: "sm" | "md";
}) {
  // Remounted when the picture changes (see the key below), so a failure is never carried over.
  return <Avatar key={profileImage ?? ""} name={name} profileImage={profileImage} size={size} />;
}

function Avatar({ name, profileImage, size }: { name: string; profileImage: string | null; size: "sm" | "md" }) {
  const [hasFailed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // A picture that failed before the page became interactive fired its error event unheard.
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) setFailed(true);
  }, []);
  const initial = (Array.from(name.trim())[0] ?? "?").toLocaleUpperCase();
  const box = size === "md" ? "h-10 w-10 text-base" : "h-8 w-8 text-sm";
  return (
    <span
      aria-hidden="true"
      className={`relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary font-semibold text-primary-foreground ${box}`}
    >
      {initial}
      {profileImage && !hasFailed && (
        <img
          ref={image}
          src={profileImage}
          alt=""
          onError={() => setFailed(true)}
          className="absolute inset-0 h-full w-full object-cover"
          data-avatar-image=""
        />
      )}
    </span>
  );
}
