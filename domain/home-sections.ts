/** How many events each home page section shows (spec §9). */
export const HOME_LIMITS = { affordable: 4, featured: 4, upcoming: 8, aroundYou: 4 } as const;
