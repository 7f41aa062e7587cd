/**
 * The fixed lists the product is built around: the 15 categories (the first 8 are the 'top' set
 * shown on the home page) and the 24 interests. Display names are translated in the UI by key.
 */
export const CATEGORIES = [
  { key: "music", name: "Music", icon: "music" },
  { key: "arts", name: "Arts", icon: "palette" },
  { key: "business", name: "Business", icon: "briefcase" },
  { key: "conference", name: "Conference", icon: "presentation" },
  { key: "party", name: "Party", icon: "party-popper" },
  { key: "food-drink", name: "Food & Drink", icon: "utensils" },
  { key: "sports", name: "Sports", icon: "trophy" },
  { key: "networking", name: "Networking", icon: "users" },
  { key: "education", name: "Education", icon: "graduation-cap" },
  { key: "wellness", name: "Wellness", icon: "heart-pulse" },
  { key: "technology", name: "Technology", icon: "cpu" },
  { key: "community", name: "Community", icon: "house-heart" },
  { key: "charity", name: "Charity", icon: "hand-heart" },
  { key: "family", name: "Family", icon: "baby" },
  { key: "fashion", name: "Fashion", icon: "shirt" },
] as const;

export type CategoryKey = (typeof CATEGORIES)[number]["key"];
export const TOP_CATEGORY_COUNT = 8;

export const INTERESTS = [
  { key: "music", name: "Music" },
  { key: "food-drink", name: "Food & Drink" },
  { key: "arts", name: "Arts" },
  { key: "culture", name: "Culture" },
  { key: "technology", name: "Technology" },
  { key: "business", name: "Business" },
  { key: "sports", name: "Sports" },
  { key: "health", name: "Health" },
  { key: "education", name: "Education" },
  { key: "networking", name: "Networking" },
  { key: "community", name: "Community" },
  { key: "fashion", name: "Fashion" },
  { key: "charity", name: "Charity" },
  { key: "outdoor", name: "Outdoor" },
  { key: "entertainment", name: "Entertainment" },
  { key: "science", name: "Science" },
  { key: "politics", name: "Politics" },
  { key: "literature", name: "Literature" },
  { key: "film", name: "Film" },
  { key: "dance", name: "Dance" },
  { key: "gaming", name: "Gaming" },
  { key: "photography", name: "Photography" },
  { key: "crafts", name: "Crafts" },
  { key: "family", name: "Family" },
] as const;

export type InterestKey = (typeof INTERESTS)[number]["key"];
export const INTERESTS_SHOWN_BY_DEFAULT = 8;
