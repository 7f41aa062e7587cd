import {
  Baby,
  Briefcase,
  Cpu,
  GraduationCap,
  HandHeart,
  HeartPulse,
  HouseHeart,
  Music,
  PartyPopper,
  Palette,
  Presentation,
  Shirt,
  Trophy,
  Users,
  Utensils,
  type LucideIcon,
} from "lucide-react";
import { useTranslation } from "#app/i18n/use-translation";
import { Link } from "react-router";
import { swipeRowClasses } from "./ui/swipe-row";

/** The icon each category's `icon` names (see domain/catalog.ts). */
export const CATEGORY_ICONS: Record<string, LucideIcon> = {
  music: Music,
  palette: Palette,
  briefcase: Briefcase,
  presentation: Presentation,
  "party-popper": PartyPopper,
  utensils: Utensils,
  trophy: Trophy,
  users: Users,
  "graduation-cap": GraduationCap,
  "heart-pulse": HeartPulse,
  cpu: Cpu,
  "house-heart": HouseHeart,
  "hand-heart": HandHeart,
  baby: Baby,
  shirt: Shirt,
};

export function CategoryTiles({
  categories,
}: {
  categories: { id: number; key: string; icon: string; upcomingEvents: number }[];
}) {
  const { t } = useTranslation();
  return (
    <ul className={swipeRowClasses("grid grid-cols-2 gap-4 sm:grid-cols-4")}>
      {categories.map((category) => {
        const Icon = CATEGORY_ICONS[category.icon] ?? Users;
        return (
          // Narrower than event cards: a tile is a word and an icon.
          <li key={category.id} className="grid max-sm:w-[40%] max-sm:shrink-0 max-sm:snap-start">
            <Link
              to={`/categories?category=${category.id}`}
              className="flex h-full flex-col items-center gap-2 rounded-xl border border-border p-5 text-center transition-colors hover:border-primary hover:bg-muted"
            >
              <Icon aria-hidden="true" className="h-8 w-8 text-primary" />
              <span className="font-semibold">{t(`category.${category.key}`)}</span>
              <span className="text-sm text-muted-foreground">
                {t("home.eventsInCategory", { count: category.upcomingEvents })}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
