import {
  CalendarDays,
  CalendarPlus,
  Camera,
  Compass,
  Crown,
  Footprints,
  Globe,
  Handshake,
  HeartHandshake,
  Languages,
  Share2,
  Star,
  Ticket,
  Trophy,
  Users,
  type LucideIcon,
} from "lucide-react";
import { useTranslation } from "#app/i18n/use-translation";
import type { BadgeKey, BadgeLevel } from "#domain/badges";

/** One picture per badge; the level is told by the medal's ring and in words beside it, never by colour alone. */
const ICONS: Record<BadgeKey, LucideIcon> = {
  event_creator: CalendarPlus,
  serial_organizer: CalendarDays,
  event_master: Trophy,
  sold_out: Ticket,
  international_organizer: Languages,
  community_builder: Users,
  first_timer: Footprints,
  event_explorer: Compass,
  vip_member: Crown,
  cultural_enthusiast: Globe,
  networking_pro: Handshake,
  helpful_reviewer: Star,
  social_promoter: Share2,
  content_creator: Camera,
  community_supporter: HeartHandshake,
};

/** Ring and face of each level's medal: 4.5:1 or more between the icon and its face, in both themes. */
const LEVEL_CLASSES: Record<BadgeLevel, string> = {
  bronze:
    "border-orange-700 bg-orange-50 text-orange-900 dark:border-orange-400 dark:bg-orange-950 dark:text-orange-100",
  silver: "border-slate-500 bg-slate-100 text-slate-900 dark:border-slate-300 dark:bg-slate-800 dark:text-slate-100",
  gold: "border-yellow-600 bg-yellow-50 text-yellow-900 dark:border-yellow-400 dark:bg-yellow-950 dark:text-yellow-100",
};

/** The badge's medal: its icon in a ring of its level's colour. Decorative: the name is written beside it. */
export function BadgeMedal({ badge, level, muted = false }: { badge: BadgeKey; level: BadgeLevel; muted?: boolean }) {
  const Icon = ICONS[badge];
  const classes = muted ? "border-dashed border-border bg-muted text-muted-foreground" : LEVEL_CLASSES[level];
  return (
    <span
      aria-hidden="true"
      className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-full border-2 ${classes}`}
    >
      <Icon className="h-6 w-6" />
    </span>
  );
}

/** The level in words ("Silver"), as a small label. */
export function BadgeLevelLabel({ level }: { level: BadgeLevel }) {
  const { t } = useTranslation();
  return (
    <span className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
      {t("badges.dashboard.levelLabel", { level: t(`badges.levels.${level}`) })}
    </span>
  );
}
