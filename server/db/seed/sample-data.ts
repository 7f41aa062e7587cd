/**
 * Sample data for seeding a development or demo database: people, real DMV venues, fictional
 * sponsors, events, promotions and teasers. Pure data, no I/O.
 *
 * Conventions:
 * - Cross-references are array indexes (event id = index + 1, and so on).
 * - Dates are day offsets from the seeding day; start times are wall-clock "HH:MM" in
 *   America/New_York. Descriptions never name a weekday, because the weekday depends on when
 *   the seed runs.
 * - Emails use only the reserved example.com / example.org domains, and every web address (social
 *   links, personal and sponsor websites) the reserved `.example` top-level domain; seed.test.ts
 *   fails on any other host.
 */
import type { CategoryKey } from "#domain/catalog";
import type { Language } from "#domain/language";
import type { Role, SocialLinks } from "#domain/profile";

export interface SampleUser {
  name: string;
  email: string;
  role: Role;
  preferredLanguage: Language;
  organization: string | null;
  bio: string;
  location: string;
  socialLinks: Required<SocialLinks>;
}

export interface SampleVenue {
  name: string;
  address: string;
  city: string;
  state: "DC" | "MD" | "VA";
  country: "US";
  zipCode: string;
  latitude: number;
  longitude: number;
}

export interface SampleSponsor {
  name: string;
  website: string;
  tier: "gold" | "silver" | "bronze";
  description: string;
  industry: string;
  contactEmail: string;
}

export interface SampleEvent {
  title: string;
  /** Markdown, 2–4 short paragraphs, written in the event's own language. */
  description: string;
  categoryKey: CategoryKey;
  language: Language;
  /** Index into SAMPLE_VENUES. */
  venueIndex: number;
  /** Index into SAMPLE_USERS; always a user whose role is "organizer". */
  organizerIndex: number;
  /** Days from the seeding day (negative = in the past). */
  dayOffset: number;
  /** Local wall-clock "HH:MM" in America/New_York. */
  startTime: string;
  isPublic: boolean;
  isFeatured: boolean;
  /** Indexes into SAMPLE_SPONSORS, 0–3 per event. */
  sponsorIndexes: number[];
  /** Indexes into SAMPLE_USERS, 0–2 per event, never the organizer. */
  coOrganizerIndexes: number[];
  /** English alt texts for the three decorative category artworks. */
  imageAlts: [string, string, string];
}

export interface SamplePromotion {
  eventIndex: number;
  title: string;
  description: string;
  callToAction: string;
  placement: "homepage" | "explore" | "category" | "sidebar";
  startDayOffset: number;
  endDayOffset: number;
  isActive: boolean;
}

export interface SampleTeaser {
  eventIndex: number;
  tagline: string;
}

/**
 * The same handle on every network, each at a reserved `.example` host named after the network
 * (RFC 2606), plus a personal site at its own `.example` domain: sample people are fictional, and a
 * link to a real network's address would point at whoever really holds that handle.
 */
function socialLinksFor(handle: string, website: string): Required<SocialLinks> {
  return {
    twitter: `https://twitter.example/${handle}`,
    instagram: `https://instagram.example/${handle}`,
    linkedin: `https://linkedin.example/in/${handle}`,
    facebook: `https://facebook.example/${handle}`,
    youtube: `https://youtube.example/@${handle}`,
    website: `https://${website}.example`,
    github: `https://github.example/${handle}`,
    tiktok: `https://tiktok.example/@${handle}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Users: indexes 0–7 are organizers, 8–19 attendees.
// ---------------------------------------------------------------------------------------------

export const SAMPLE_USERS: SampleUser[] = [
  {
    name: "Hanna Bekele",
    email: "hanna.bekele@example.com",
    role: "organizer",
    preferredLanguage: "am",
    organization: "Addis DMV Cultural Collective",
    bio: "Cultural producer who has spent a decade bringing Ethiopian music, coffee and art to stages across the DMV. Co-founder of the Addis DMV Cultural Collective.",
    location: "Silver Spring, MD",
    socialLinks: socialLinksFor("hannabekele", "hanna-bekele"),
  },
  {
    name: "Marcus Ellington",
    email: "marcus.ellington@example.com",
    role: "organizer",
    preferredLanguage: "en",
    organization: "Wharfside Live Productions",
    bio: "Concert promoter and lifelong go-go fan booking jazz, soul and indie shows from the Wharf to Columbia.",
    location: "Southwest Waterfront, DC",
    socialLinks: socialLinksFor("marcusellington", "marcus-ellington"),
  },
  {
    name: "Camille Dubois",
    email: "camille.dubois@example.org",
    role: "organizer",
    preferredLanguage: "fr",
    organization: "Les Ateliers Francophones DC",
    bio: "Born in Lyon and raised on jazz manouche, Camille runs French-language cultural programs for adults and kids around the DMV.",
    location: "Takoma Park, MD",
    socialLinks: socialLinksFor("camilledubois", "camille-dubois"),
  },
  {
    name: "Youssef Haddad",
    email: "youssef.haddad@example.com",
    role: "organizer",
    preferredLanguage: "ar",
    organization: "Levant Table Collective",
    bio: "Lebanese-American chef and community organizer hosting supper clubs, poetry nights and heritage festivals for Arab families in Northern Virginia.",
    location: "Falls Church, VA",
    socialLinks: socialLinksFor("youssefhaddad", "youssef-haddad"),
  },
  {
    name: "Priya Raman",
    email: "priya.raman@example.org",
    role: "organizer",
    preferredLanguage: "en",
    organization: "Potomac Tech Collective",
    bio: "Software engineer turned community builder who runs founder breakfasts, hackathons and an annual tech conference for the region.",
    location: "Arlington, VA",
    socialLinks: socialLinksFor("priyaraman", "priya-raman"),
  },
  {
    name: "Danielle Brooks",
    email: "danielle.brooks@example.org",
    role: "organizer",
    preferredLanguage: "en",
    organization: "Anacostia Community Works",
    bio: "Nonprofit director focused on neighborhood resource fairs, youth sports and arts access east of the river.",
    location: "Anacostia, DC",
    socialLinks: socialLinksFor("daniellebrooks", "danielle-brooks"),
  },
  {
    name: "Samuel Tesfaye",
    email: "samuel.tesfaye@example.com",
    role: "organizer",
    preferredLanguage: "am",
    organization: "Habesha Business Network DMV",
    bio: "Small-business advisor connecting Ethiopian and Eritrean entrepreneurs with mentors, lenders and each other.",
    location: "Alexandria, VA",
    socialLinks: socialLinksFor("samueltesfaye", "samuel-tesfaye"),
  },
  {
    name: "Olivia Chen",
    email: "olivia.chen@example.com",
    role: "organizer",
    preferredLanguage: "en",
    organization: "Capital Wellness & Family Events",
    bio: "Yoga teacher and mom of two who plans outdoor wellness sessions and hands-on STEM days for families.",
    location: "Bethesda, MD",
    socialLinks: socialLinksFor("oliviachen", "olivia-chen"),
  },
  {
    name: "Amadou Diallo",
    email: "amadou.diallo@example.com",
    role: "attendee",
    preferredLanguage: "fr",
    organization: "Brightwater Engineering",
    bio: "Guinean-American civil engineer who never misses a live jazz set or a good football match.",
    location: "Hyattsville, MD",
    socialLinks: socialLinksFor("amadoudiallo", "amadou-diallo"),
  },
  {
    name: "Sophie Laurent",
    email: "sophie.laurent@example.org",
    role: "attendee",
    preferredLanguage: "fr",
    organization: null,
    bio: "Graduate student from Montréal who is always looking for French conversation tables and gallery openings.",
    location: "Dupont Circle, DC",
    socialLinks: socialLinksFor("sophielaurent", "sophie-laurent"),
  },
  {
    name: "Layla Mansour",
    email: "layla.mansour@example.com",
    role: "attendee",
    preferredLanguage: "ar",
    organization: "Northern Virginia Pediatric Group",
    bio: "Pediatric nurse and amateur oud player who loves poetry evenings and family festivals.",
    location: "Annandale, VA",
    socialLinks: socialLinksFor("laylamansour", "layla-mansour"),
  },
  {
    name: "Omar Khalil",
    email: "omar.khalil@example.com",
    role: "attendee",
    preferredLanguage: "ar",
    organization: "Meridian Data Labs",
    bio: "Data analyst originally from Amman, into hackathons, pickup basketball and finding the best mezze in town.",
    location: "Columbia Heights, DC",
    socialLinks: socialLinksFor("omarkhalil", "omar-khalil"),
  },
  {
    name: "Meron Haile",
    email: "meron.haile@example.org",
    role: "attendee",
    preferredLanguage: "am",
    organization: "Rock Creek Family Clinic",
    bio: "Public-health researcher who volunteers at community health fairs and never turns down an Ethio-jazz night.",
    location: "Takoma, DC",
    socialLinks: socialLinksFor("meronhaile", "meron-haile"),
  },
  {
    name: "Yonas Ghebremedhin",
    email: "yonas.ghebremedhin@example.com",
    role: "attendee",
    preferredLanguage: "am",
    organization: null,
    bio: "Eritrean-American photographer documenting DMV nightlife and the Habesha community around U Street.",
    location: "Shaw, DC",
    socialLinks: socialLinksFor("yonasghebremedhin", "yonas-ghebremedhin"),
  },
  {
    name: "Jasmine Carter",
    email: "jasmine.carter@example.com",
    role: "attendee",
    preferredLanguage: "en",
    organization: "Capitol Hill Arts League",
    bio: "Elementary-school art teacher and Capitol Hill native who collects concert posters and volunteers at food drives.",
    location: "Capitol Hill, DC",
    socialLinks: socialLinksFor("jasminecarter", "jasmine-carter"),
  },
  {
    name: "Diego Morales",
    email: "diego.morales@example.org",
    role: "attendee",
    preferredLanguage: "en",
    organization: "Morales & Sons Landscaping",
    bio: "Runs his family's landscaping business and trains for every 5K he can find in Montgomery County.",
    location: "Wheaton, MD",
    socialLinks: socialLinksFor("diegomorales", "diego-morales"),
  },
  {
    name: "Rachel Goldberg",
    email: "rachel.goldberg@example.com",
    role: "attendee",
    preferredLanguage: "en",
    organization: "BioHarbor Therapeutics",
    bio: "Biotech project manager, choral singer and a regular at chamber concerts in North Bethesda.",
    location: "Rockville, MD",
    socialLinks: socialLinksFor("rachelgoldberg", "rachel-goldberg"),
  },
  {
    name: "Kevin Nguyen",
    email: "kevin.nguyen@example.com",
    role: "attendee",
    preferredLanguage: "en",
    organization: "Northwind Cloud Systems",
    bio: "Cloud engineer and drone hobbyist who brings his kids to every aviation event he can find.",
    location: "Fairfax, VA",
    socialLinks: socialLinksFor("kevinnguyen", "kevin-nguyen"),
  },
  {
    name: "Aisha Mohammed",
    email: "aisha.mohammed@example.org",
    role: "attendee",
    preferredLanguage: "en",
    organization: "Bowie Youth Mentors Network",
    bio: "Sudanese-American HR specialist who mentors first-generation college students and loves a good runway show.",
    location: "Bowie, MD",
    socialLinks: socialLinksFor("aishamohammed", "aisha-mohammed"),
  },
  {
    name: "Tom Whitaker",
    email: "tom.whitaker@example.com",
    role: "attendee",
    preferredLanguage: "en",
    organization: null,
    bio: "Retired federal analyst who spends his evenings at Wolf Trap and the Birchmere and his mornings on the W&OD Trail.",
    location: "Reston, VA",
    socialLinks: socialLinksFor("tomwhitaker", "tom-whitaker"),
  },
];

// ---------------------------------------------------------------------------------------------
// Venues: real places with their street addresses (6 DC, 3 MD, 3 VA).
// ---------------------------------------------------------------------------------------------

export const SAMPLE_VENUES: SampleVenue[] = [
  {
    name: "The Anthem",
    address: "901 Wharf St SW",
    city: "Washington",
    state: "DC",
    country: "US",
    zipCode: "20024",
    latitude: 38.8797,
    longitude: -77.0261,
  },
  {
    name: "Walter E. Washington Convention Center",
    address: "801 Mount Vernon Pl NW",
    city: "Washington",
    state: "DC",
    country: "US",
    zipCode: "20001",
    latitude: 38.9047,
    longitude: -77.0232,
  },
  {
    name: "The John F. Kennedy Center for the Performing Arts",
    address: "2700 F St NW",
    city: "Washington",
    state: "DC",
    country: "US",
    zipCode: "20566",
    latitude: 38.8957,
    longitude: -77.0557,
  },
  {
    name: "9:30 Club",
    address: "815 V St NW",
    city: "Washington",
    state: "DC",
    country: "US",
    zipCode: "20001",
    latitude: 38.918,
    longitude: -77.0236,
  },
  {
    name: "Capital One Arena",
    address: "601 F St NW",
    city: "Washington",
    state: "DC",
    country: "US",
    zipCode: "20004",
    latitude: 38.8981,
    longitude: -77.0209,
  },
  {
    name: "Union Market",
    address: "1309 5th St NE",
    city: "Washington",
    state: "DC",
    country: "US",
    zipCode: "20002",
    latitude: 38.9086,
    longitude: -76.9976,
  },
  {
    name: "The Music Center at Strathmore",
    address: "5301 Tuckerman Ln",
    city: "North Bethesda",
    state: "MD",
    country: "US",
    zipCode: "20852",
    latitude: 39.0294,
    longitude: -77.1044,
  },
  {
    name: "The Fillmore Silver Spring",
    address: "8656 Colesville Rd",
    city: "Silver Spring",
    state: "MD",
    country: "US",
    zipCode: "20910",
    latitude: 38.9976,
    longitude: -77.0268,
  },
  {
    name: "Merriweather Post Pavilion",
    address: "10475 Little Patuxent Pkwy",
    city: "Columbia",
    state: "MD",
    country: "US",
    zipCode: "21044",
    latitude: 39.2091,
    longitude: -76.8631,
  },
  {
    name: "Wolf Trap National Park for the Performing Arts",
    address: "1551 Trap Rd",
    city: "Vienna",
    state: "VA",
    country: "US",
    zipCode: "22182",
    latitude: 38.9368,
    longitude: -77.2655,
  },
  {
    name: "The Birchmere",
    address: "3701 Mount Vernon Ave",
    city: "Alexandria",
    state: "VA",
    country: "US",
    zipCode: "22305",
    latitude: 38.8406,
    longitude: -77.0621,
  },
  {
    name: "Steven F. Udvar-Hazy Center",
    address: "14390 Air and Space Museum Pkwy",
    city: "Chantilly",
    state: "VA",
    country: "US",
    zipCode: "20151",
    latitude: 38.9111,
    longitude: -77.4441,
  },
];

// ---------------------------------------------------------------------------------------------
// Sponsors: fictional local businesses; 0–3 gold, 4–7 silver, 8–11 bronze.
// ---------------------------------------------------------------------------------------------

export const SAMPLE_SPONSORS: SampleSponsor[] = [
  {
    name: "Potomac Riverside Credit Union",
    website: "https://potomac-riverside-cu.example",
    tier: "gold",
    description:
      "A member-owned credit union serving families and small businesses on both sides of the Potomac since the 1970s.",
    industry: "Financial services",
    contactEmail: "community.potomac-riverside-cu@example.com",
  },
  {
    name: "Capitol Brightline Fiber",
    website: "https://capitol-brightline.example",
    tier: "gold",
    description:
      "Locally run fiber internet provider bringing gigabit connections to apartments and row houses across DC and Prince George's County.",
    industry: "Telecommunications",
    contactEmail: "sponsorships.capitol-brightline@example.com",
  },
  {
    name: "Anacostia Health Partners",
    website: "https://anacostia-health.example",
    tier: "gold",
    description:
      "A network of primary-care and pediatric clinics focused on neighborhoods east of the Anacostia River.",
    industry: "Healthcare",
    contactEmail: "outreach.anacostia-health@example.com",
  },
  {
    name: "Blue Heron Realty Group",
    website: "https://blue-heron-realty.example",
    tier: "gold",
    description:
      "Independent real-estate brokerage helping first-time buyers find homes from Hyattsville to Alexandria.",
    industry: "Real estate",
    contactEmail: "hello.blue-heron-realty@example.com",
  },
  {
    name: "Shenandoah Roasting Co.",
    website: "https://shenandoah-roasting.example",
    tier: "silver",
    description:
      "Small-batch coffee roaster in Falls Church sourcing directly from farms in Ethiopia, Colombia and Guatemala.",
    industry: "Food & beverage",
    contactEmail: "events.shenandoah-roasting@example.com",
  },
  {
    name: "Rock Creek Legal Collective",
    website: "https://rock-creek-legal.example",
    tier: "silver",
    description: "A cooperative of attorneys offering startup, immigration and tenant law at sliding-scale rates.",
    industry: "Legal services",
    contactEmail: "info.rock-creek-legal@example.com",
  },
  {
    name: "Beltway Bikes & Scooters",
    website: "https://beltway-bikes.example",
    tier: "silver",
    description:
      "Neighborhood bike shop and e-scooter repair specialists with locations in Silver Spring and Arlington.",
    industry: "Retail & mobility",
    contactEmail: "shop.beltway-bikes@example.com",
  },
  {
    name: "Injera House Bakery",
    website: "https://injera-house.example",
    tier: "silver",
    description:
      "Family bakery in Silver Spring baking fresh teff injera and Ethiopian breads daily for homes and restaurants.",
    industry: "Bakery",
    contactEmail: "orders.injera-house@example.com",
  },
  {
    name: "Chesapeake Print & Sign",
    website: "https://chesapeake-print.example",
    tier: "bronze",
    description:
      "Quick-turnaround printing for banners, posters and event badges, delivered anywhere inside the Beltway.",
    industry: "Printing",
    contactEmail: "quotes.chesapeake-print@example.com",
  },
  {
    name: "Old Town Yoga Loft",
    website: "https://old-town-yoga-loft.example",
    tier: "bronze",
    description: "A sunny second-floor studio in Old Town Alexandria offering donation-based community classes.",
    industry: "Fitness & wellness",
    contactEmail: "namaste.old-town-yoga-loft@example.com",
  },
  {
    name: "Navy Yard Code Academy",
    website: "https://navy-yard-code.example",
    tier: "bronze",
    description: "Evening and weekend coding bootcamps for career changers, with scholarships for DC residents.",
    industry: "Education & training",
    contactEmail: "admissions.navy-yard-code@example.com",
  },
  {
    name: "Cedar & Sumac Catering",
    website: "https://cedar-and-sumac.example",
    tier: "bronze",
    description:
      "Lebanese and Syrian home-style catering for weddings, offices and community celebrations in Northern Virginia.",
    industry: "Catering",
    contactEmail: "catering.cedar-and-sumac@example.com",
  },
];

// ---------------------------------------------------------------------------------------------
// Events (event id = index + 1).
// ---------------------------------------------------------------------------------------------

export const SAMPLE_EVENTS: SampleEvent[] = [
  // id 1
  {
    title: "Jazz Nights at the Wharf",
    description: `### Live jazz on the waterfront

Wharfside Live brings a rotating cast of DMV jazz players to The Anthem for a relaxed, seated night of standards, bebop and a few go-go-flavored originals.

**Tonight's lineup:**
- The Southwest Waterfront Quartet
- Vocalist Nia Holloway with a Billie Holiday set
- A late jam session open to registered musicians

Doors open 45 minutes before showtime. Table seating on the floor, general admission in the balcony.`,
    categoryKey: "music",
    language: "en",
    venueIndex: 0,
    organizerIndex: 1,
    dayOffset: 3,
    startTime: "19:30",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [4],
    coOrganizerIndexes: [],
    imageAlts: [
      "Abstract purple sound waves for Jazz Nights at the Wharf",
      "Gold saxophone silhouette over rippling blue water lines",
      "Scattered musical notes in amber and navy on a dusk-colored background",
    ],
  },
  // id 2
  {
    title: "Potomac Tech Founders Breakfast",
    description: `Start your day with coffee, breakfast tacos and twenty founders building software, climate and health startups across DC, Maryland and Virginia.

**Format:**
- 8:00 — Breakfast and open networking
- 8:30 — Two five-minute founder stories
- 8:45 — Small-group roundtables: hiring, fundraising, government contracts

Bring a one-line description of what you're building and one thing you need help with. Business casual; laptops optional.`,
    categoryKey: "business",
    language: "en",
    venueIndex: 1,
    organizerIndex: 4,
    dayOffset: 5,
    startTime: "08:00",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [0, 5],
    coOrganizerIndexes: [6],
    imageAlts: [
      "Geometric navy briefcase pattern for the Potomac Tech Founders Breakfast",
      "Rising bar chart drawn in soft teal lines",
      "Abstract coffee cup steam forming an upward arrow",
    ],
  },
  // id 3
  {
    title: "Soirée jazz manouche à Silver Spring",
    description: `### Dans l'esprit de Django

Le quartet Swing de la Capitale revisite les standards de Django Reinhardt et de Stéphane Grappelli : guitares acoustiques, violon et contrebasse. Une soirée chaleureuse, entre le Paris des années 1930 et le Silver Spring d'aujourd'hui.

**Au programme :**
- Premier set à 20 h, second set à 21 h 15
- Jam ouverte en fin de soirée : apportez votre guitare !

Places debout dans la salle et quelques tables au balcon. Bar ouvert toute la soirée.`,
    categoryKey: "music",
    language: "fr",
    venueIndex: 7,
    organizerIndex: 2,
    dayOffset: 12,
    startTime: "20:00",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [4],
    coOrganizerIndexes: [1],
    imageAlts: [
      "Abstract acoustic guitar strings in warm sepia for a Gypsy jazz night in Silver Spring",
      "Stylized violin scroll surrounded by swirling gold lines",
      "Art deco pattern of musical notes in black and cream",
    ],
  },
  // id 4
  {
    title: "የኢትዮ-ጃዝ ምሽት በበርችሚር",
    description: `### የኢትዮ-ጃዝ ምሽት

በዲሲ፣ በሜሪላንድ እና በቨርጂኒያ የሚኖሩ ምርጥ የኢትዮጵያ ሙዚቀኞች የሙላቱ አስታጥቄን የኢትዮ-ጃዝ ዜማዎች እና አዳዲስ ቅንብሮችን ያቀርባሉ። ሳክስፎን፣ ክራር እና ማሲንቆ በአንድ መድረክ ላይ ይገናኛሉ።

**ምን ይጠብቅዎታል፦**
- ሁለት ሰዓት የሚፈጅ የቀጥታ ሙዚቃ
- በአዳራሹ ውስጥ ምግብ እና መጠጥ
- ለመደነስ የተዘጋጀ ቦታ

ትኬትዎን አስቀድመው ይግዙ፤ መቀመጫዎች ውስን ናቸው።`,
    categoryKey: "music",
    language: "am",
    venueIndex: 10,
    organizerIndex: 0,
    dayOffset: 18,
    startTime: "20:00",
    isPublic: true,
    isFeatured: true,
    sponsorIndexes: [7],
    coOrganizerIndexes: [6],
    imageAlts: [
      "Abstract golden saxophone curves for an Ethio-jazz night at the Birchmere",
      "Stylized krar lyre strings in green, yellow and red",
      "Flowing indigo sound waves with small geometric Ethiopian cross motifs",
    ],
  },
  // id 5 — flagship festival
  {
    title: "Capital Sounds Festival at Merriweather",
    description: `### Two stages, twelve acts, one long summer day

Capital Sounds returns to Merriweather Post Pavilion with a lineup spanning go-go, neo-soul, indie rock and Afrobeats — every act from artists who call the DMV home.

**What to know:**
- Gates open at 1:00 PM; music runs until 10:30 PM
- Lawn tickets: bring a blanket or a low beach chair
- Local food trucks, a craft-beer garden and a shaded kids' zone
- Water refill stations on site, so bring an empty reusable bottle

Rain or shine. Clear bags only.`,
    categoryKey: "music",
    language: "en",
    venueIndex: 8,
    organizerIndex: 1,
    dayOffset: 45,
    startTime: "13:00",
    isPublic: true,
    isFeatured: true,
    sponsorIndexes: [0, 1, 4],
    coOrganizerIndexes: [5],
    imageAlts: [
      "Bright abstract stage lights in orange and magenta for the Capital Sounds Festival at Merriweather",
      "Layered green tree silhouettes beneath colorful sound waves",
      "Confetti of musical notes bursting from a stylized pavilion roof",
    ],
  },
  // id 6
  {
    title: "ليلة المازة الشامية في يونيون ماركت",
    description: `### نكهات من بلاد الشام

انضموا إلينا في أمسية دافئة نتذوّق فيها أطباق المازة الشامية: الحمّص والمتبّل والتبّولة والكبّة والفطائر الطازجة، يحضّرها طهاة من مطابخ العائلات العربية في شمال فيرجينيا.

**تشمل التذكرة:**
- تشكيلة من عشرة أطباق مازة
- شاي بالنعناع وقهوة عربية
- حلويات: كنافة ومعمول

تتوفر أطباق نباتية. يُرجى إبلاغنا مسبقًا بأي حساسية غذائية عند التسجيل.`,
    categoryKey: "food-drink",
    language: "ar",
    venueIndex: 5,
    organizerIndex: 3,
    dayOffset: 9,
    startTime: "18:30",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [11],
    coOrganizerIndexes: [],
    imageAlts: [
      "Abstract olive branches and small bowls in warm terracotta for a Levantine mezze night at Union Market",
      "Geometric arabesque tile pattern in saffron and deep green",
      "Stylized teapot pouring mint tea in flowing lines",
    ],
  },
  // id 7 — flagship conference
  {
    title: "Capital Tech Forward Conference",
    description: `### The region's builders, in one room

Capital Tech Forward brings together engineers, founders, public-sector technologists and students for a full day of talks and workshops at the Walter E. Washington Convention Center.

**Tracks:**
- **AI in the public sector** — procurement, evaluation and responsible deployment
- **Cybersecurity** — lessons from incident responders
- **Startups** — pitch showcase and investor office hours

Lunch and coffee are included with every ticket. Bring a laptop for the afternoon workshops and a photo ID for badge pickup.`,
    categoryKey: "conference",
    language: "en",
    venueIndex: 1,
    organizerIndex: 4,
    dayOffset: 60,
    startTime: "09:00",
    isPublic: true,
    isFeatured: true,
    sponsorIndexes: [1, 2, 10],
    coOrganizerIndexes: [6],
    imageAlts: [
      "Abstract lectern and spotlight in electric blue for the Capital Tech Forward Conference",
      "Network of connected nodes forming the outline of the Capitol dome",
      "Overlapping speech bubbles in teal and white on a dark background",
    ],
  },
  // id 8
  {
    title: "Voices of the Diaspora: Spoken Word at the Kennedy Center",
    description: `Poets from Ethiopian, Salvadoran, Nigerian, Vietnamese and Caribbean communities across the DMV share work about home, migration and the neighborhoods that raised them.

**The evening includes:**
- Eight featured poets, eight minutes each
- A short open mic — sign up at the door, first come, first served
- A conversation with the poets, moderated by a local high-school poetry coach

Some pieces include mature language. Seating is general admission.`,
    categoryKey: "arts",
    language: "en",
    venueIndex: 2,
    organizerIndex: 5,
    dayOffset: 21,
    startTime: "18:00",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [],
    coOrganizerIndexes: [0],
    imageAlts: [
      "Abstract brushstrokes in crimson and gold for Voices of the Diaspora",
      "Stylized open book with words drifting upward like birds",
      "Layered paper-cut shapes suggesting a microphone and a crowd",
    ],
  },
  // id 9
  {
    title: "Little Astronauts Day at Udvar-Hazy",
    description: `### Blast off with the whole family

Spend a morning among real aircraft and spacecraft at the Steven F. Udvar-Hazy Center, with hands-on activities designed for kids ages 4 to 10.

**Activities:**
- Build-and-fly paper gliders
- Astronaut story time and a helmet photo booth
- A guided scavenger hunt around the Space Shuttle *Discovery*

Strollers are welcome. Pack snacks and water for the kids; on-site parking is paid, so consider carpooling.`,
    categoryKey: "family",
    language: "en",
    venueIndex: 11,
    organizerIndex: 7,
    dayOffset: 14,
    startTime: "10:00",
    isPublic: true,
    isFeatured: true,
    sponsorIndexes: [10],
    coOrganizerIndexes: [],
    imageAlts: [
      "Playful cartoon rocket and stars in primary colors for Little Astronauts Day at Udvar-Hazy",
      "Abstract paper airplanes looping across a pale blue sky",
      "Friendly planets and a crescent moon drawn in crayon-style strokes",
    ],
  },
  // id 10 — free community event
  {
    title: "Union Market Neighbors Potluck & Resource Fair",
    description: `Meet your neighbors, share a dish and connect with local services, all in one afternoon. This is a **free** event, open to everyone in Ward 5 and beyond.

**At the resource fair:**
- Library card sign-ups and information on free ESL classes
- Blood pressure checks with volunteer nurses
- Tenant-rights and small-business advice tables

Bring a dish to share if you can (please label common allergens), or just bring yourself. Reusable plates and cutlery are provided.`,
    categoryKey: "community",
    language: "en",
    venueIndex: 5,
    organizerIndex: 5,
    dayOffset: 6,
    startTime: "11:00",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [3],
    coOrganizerIndexes: [],
    imageAlts: [
      "Abstract row houses with open doors in warm pastels for the Union Market Neighbors Potluck",
      "Overlapping hands forming a heart in coral and teal",
      "Long shared table drawn in simple lines with colorful dishes",
    ],
  },
  // id 11
  {
    title: "Dégustation vins et fromages : tour de France à Union Market",
    description: `Un voyage gourmand à travers six régions de France : comté du Jura, brie de Meaux, roquefort et chèvre de la Loire, accompagnés de vins de Bourgogne, de la Loire et du Languedoc choisis par notre sommelière.

**Soirée réservée aux membres** des Ateliers Francophones DC et à leurs invités. Le nombre de places est limité à 40.

Pain, fruits secs et eau pétillante fournis. Merci de nous signaler toute allergie lors de l'inscription.`,
    categoryKey: "food-drink",
    language: "fr",
    venueIndex: 5,
    organizerIndex: 2,
    dayOffset: 25,
    startTime: "19:00",
    isPublic: false,
    isFeatured: false,
    sponsorIndexes: [],
    coOrganizerIndexes: [],
    imageAlts: [
      "Abstract wine glasses and cheese wedges in burgundy and cream for a French wine and cheese tasting",
      "Stylized map of France made of vine leaves",
      "Loose watercolor grapes and a baguette on a linen-textured background",
    ],
  },
  // id 12
  {
    title: "Sunrise Yoga on the Lawn at Wolf Trap",
    description: `Greet the morning with an all-levels vinyasa flow on the lawn of the Filene Center, followed by a short guided meditation as the park wakes up.

**Bring:**
- Your own mat and a light layer — mornings can be cool
- A water bottle
- A towel in case the grass is damp

Class runs 60 minutes. Beginners are welcome; modifications are offered throughout. If it rains, we'll email a reschedule notice by 6:00 AM.`,
    categoryKey: "wellness",
    language: "en",
    venueIndex: 9,
    organizerIndex: 7,
    dayOffset: 2,
    startTime: "07:00",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [9],
    coOrganizerIndexes: [],
    imageAlts: [
      "Soft sunrise gradient in peach and lavender for Sunrise Yoga on the Lawn at Wolf Trap",
      "Minimal line drawing of a figure in tree pose among tall grass",
      "Abstract lotus shape formed by overlapping translucent circles",
    ],
  },
  // id 13
  {
    title: "Women in Cyber DMV Conference",
    description: `### Defend, lead, mentor

A one-day conference for women and non-binary professionals working in — or moving into — cybersecurity, from SOC analysts to CISOs.

**Agenda highlights:**
- Keynote: building a security program from zero
- Hands-on lab: threat hunting with open-source tools (bring a laptop)
- Résumé reviews and mentorship speed-matching

Students and career changers are encouraged to attend. Lunch is included.`,
    categoryKey: "conference",
    language: "en",
    venueIndex: 1,
    organizerIndex: 4,
    dayOffset: 33,
    startTime: "08:30",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [1, 10],
    coOrganizerIndexes: [7],
    imageAlts: [
      "Abstract shield made of glowing circuit lines for the Women in Cyber DMV Conference",
      "Stylized padlock surrounded by violet and teal data streams",
      "Geometric pattern of keyholes and binary digits in muted gold",
    ],
  },
  // id 14
  {
    title: "የሀበሻ ባለሙያዎች እና ሥራ ፈጣሪዎች የትውውቅ ምሽት",
    description: `በዲኤምቪ አካባቢ የሚገኙ የኢትዮጵያ እና የኤርትራ ተወላጅ ባለሙያዎች፣ ሥራ ፈጣሪዎች እና ተማሪዎች የሚገናኙበት ምሽት ነው። አዳዲስ የሥራ ግንኙነቶችን ይፍጠሩ፣ ልምድ ይለዋወጡ።

### ፕሮግራም
- የእንኳን ደህና መጡ ቡና እና ቀላል መክሰስ
- ሦስት ሥራ ፈጣሪዎች ስለ ጉዟቸው አጭር ንግግር ያደርጋሉ
- ክፍት የትውውቅ ጊዜ

የቢዝነስ ካርድዎን ይዘው ይምጡ።`,
    categoryKey: "networking",
    language: "am",
    venueIndex: 7,
    organizerIndex: 6,
    dayOffset: 16,
    startTime: "18:30",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [0, 7],
    coOrganizerIndexes: [0],
    imageAlts: [
      "Abstract interlocking circles in green, gold and red for a Habesha professionals networking evening",
      "Stylized jebena coffee pot with lines connecting small cups",
      "Geometric handshake formed from woven basket patterns",
    ],
  },
  // id 15
  {
    title: "Elite Youth Basketball Showcase",
    description: `The region's top high-school guards and forwards take the court at Capital One Arena for an all-star showcase game, followed by a skills competition.

**Schedule:**
- 11:00 — Warm-ups and introductions
- 11:30 — DC vs. Maryland/Virginia all-star game
- 1:30 — Three-point and skills contest

Families and coaches are welcome. Bags are subject to arena security screening.`,
    categoryKey: "sports",
    language: "en",
    venueIndex: 4,
    organizerIndex: 5,
    dayOffset: 38,
    startTime: "11:00",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [6],
    coOrganizerIndexes: [],
    imageAlts: [
      "Dynamic abstract basketball arc in orange and red for the Elite Youth Basketball Showcase",
      "Court lines drawn in bold white strokes on a hardwood-toned background",
      "Stylized trophy and motion streaks in metallic gold",
    ],
  },
  // id 16 — past
  {
    title: "DMV Designers Spring Runway",
    description: `### Fresh from local studios

Twelve emerging designers from DC, Prince George's County and Northern Virginia present their spring collections, from tailored menswear to upcycled denim.

**The night features:**
- A 40-minute runway show
- A designer marketplace in the lobby
- A panel on building a fashion label outside New York

Dress to impress — photographers will be on the floor all evening.`,
    categoryKey: "fashion",
    language: "en",
    venueIndex: 7,
    organizerIndex: 5,
    dayOffset: -20,
    startTime: "19:00",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [3],
    coOrganizerIndexes: [1],
    imageAlts: [
      "Abstract runway lines in blush pink and black for the DMV Designers Spring Runway",
      "Stylized dress form draped with floral fabric swatches",
      "Scattered sewing needles and thread loops in pastel spring colors",
    ],
  },
  // id 17
  {
    title: "Brunch & Beats: Go-Go Day Party",
    description: `A daytime dance party with a live go-go band, DJs spinning R&B and Afrobeats, and a brunch menu from local caterers.

**Included with your ticket:**
- A brunch plate (vegetarian option available)
- One mimosa or mocktail
- A live set from a DMV go-go band at 2:30 PM

21+ with valid ID. Dress to dance.`,
    categoryKey: "party",
    language: "en",
    venueIndex: 3,
    organizerIndex: 1,
    dayOffset: 4,
    startTime: "13:00",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [4],
    coOrganizerIndexes: [],
    imageAlts: [
      "Abstract conga drums and confetti in sunny yellow for Brunch & Beats",
      "Disco ball reflecting daylight in soft pink and gold",
      "Stylized mimosa glasses clinking amid bubbles",
    ],
  },
  // id 18
  {
    title: "أمسية شعر وعود في ستراثمور",
    description: `أمسية تجمع بين الشعر العربي الكلاسيكي والحديث وأنغام العود. يقرأ شعراء من منطقة واشنطن قصائد لمحمود درويش ونزار قباني إلى جانب نصوصهم الخاصة، ويرافقهم عازف عود وعازف إيقاع.

تُلقى القصائد بالعربية، مع ترجمة إنجليزية مطبوعة في البرنامج.

**ملاحظة:** تُفتح الأبواب قبل نصف ساعة من بدء الأمسية، والمقاعد غير مرقّمة.`,
    categoryKey: "arts",
    language: "ar",
    venueIndex: 6,
    organizerIndex: 3,
    dayOffset: 28,
    startTime: "19:30",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [],
    coOrganizerIndexes: [2],
    imageAlts: [
      "Abstract oud silhouette with flowing calligraphic strokes for an Arabic poetry and oud evening at Strathmore",
      "Deep blue night sky with a crescent moon and drifting golden letters",
      "Geometric star pattern in turquoise and sand tones",
    ],
  },
  // id 19
  {
    title: "Hack the Potomac: 36-Hour Civic Hackathon",
    description: `### 36 hours to build something useful

Teams of developers, designers and policy people tackle real challenges shared by DMV local governments: transit data, housing search and food access.

**What you need:**
- A laptop and charger
- An idea — or the willingness to join someone else's
- A sleeping bag if you plan to stay overnight

All skill levels are welcome. Meals, snacks and plenty of coffee are provided. Final demos are judged by local civic leaders, with prizes for the top three projects.`,
    categoryKey: "technology",
    language: "en",
    venueIndex: 1,
    organizerIndex: 4,
    dayOffset: 47,
    startTime: "18:00",
    isPublic: true,
    isFeatured: true,
    sponsorIndexes: [1, 10, 8],
    coOrganizerIndexes: [5],
    imageAlts: [
      "Abstract river of code brackets in blue and green for Hack the Potomac",
      "Stylized laptop with a bridge-shaped circuit rising from the screen",
      "Pixelated map of the Potomac River in neon tones",
    ],
  },
  // id 20 — free education event
  {
    title: "First-Time Homebuyer Basics: A Free Community Workshop",
    description: `Thinking about buying your first home in DC, Maryland or Virginia? This **free** two-hour workshop walks through budgeting, credit, down-payment assistance programs and what to expect at closing.

**You'll learn:**
- How much house you can realistically afford
- Which first-time buyer programs exist in each jurisdiction
- Questions to ask lenders and agents

Bring a notebook and your questions. Light refreshments are provided.`,
    categoryKey: "education",
    language: "en",
    venueIndex: 6,
    organizerIndex: 5,
    dayOffset: 19,
    startTime: "10:00",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [3, 0],
    coOrganizerIndexes: [],
    imageAlts: [
      "Abstract house outline with a key in soft green for First-Time Homebuyer Basics",
      "Stack of books forming a staircase toward a front door",
      "Simple geometric graduation cap above a row of townhouses",
    ],
  },
  // id 21 — flagship concert
  {
    title: "Go-Go Legends Live at Capital One Arena",
    description: `### The sound of DC, arena-sized

Go-go was born in Washington, and tonight it fills Capital One Arena. Three generations of go-go bands share one stage for a nonstop night of congas, cowbells and call-and-response.

**The night:**
- An opening set from a youth go-go ensemble
- A headline set with a 14-piece band
- Surprise guests from the '80s and '90s scene

Clear bags only. Gallery Place–Chinatown Metro station is steps from the arena.`,
    categoryKey: "music",
    language: "en",
    venueIndex: 4,
    organizerIndex: 1,
    dayOffset: 52,
    startTime: "20:00",
    isPublic: true,
    isFeatured: true,
    sponsorIndexes: [1, 6],
    coOrganizerIndexes: [5],
    imageAlts: [
      "Explosive abstract drum rhythms in red and gold for Go-Go Legends Live at Capital One Arena",
      "Stylized cowbell and conga silhouettes under arena spotlights",
      "Concentric sound rings radiating across a dark stage",
    ],
  },
  // id 22
  {
    title: "Mindful Mornings: Sound Bath & Meditation at Strathmore",
    description: `Slow down with a 75-minute session combining guided breathing, gentle stretching and a crystal-bowl sound bath.

**Please bring:**
- A yoga mat and a small pillow or blanket
- Comfortable clothes and socks
- A water bottle

Suitable for ages 12 and up. Please arrive 10 minutes early; doors close once the session begins.`,
    categoryKey: "wellness",
    language: "en",
    venueIndex: 6,
    organizerIndex: 7,
    dayOffset: 8,
    startTime: "09:00",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [9],
    coOrganizerIndexes: [],
    imageAlts: [
      "Concentric ripples in soft lavender for Mindful Mornings at Strathmore",
      "Abstract singing bowls glowing in pale gold",
      "Minimal leaf and breath-line illustration on a misty background",
    ],
  },
  // id 23 — past
  {
    title: "Songwriters in the Round: A Benefit for Youth Music Programs",
    description: `Four singer-songwriters from Northern Virginia sit in the round, trading songs and the stories behind them. Every ticket supports free guitar and piano lessons for Alexandria students.

**Highlights:**
- Acoustic sets passed around the circle
- A silent auction of signed guitars and concert posters
- An instrument donation drive in the lobby

Gently used instruments in working condition are gratefully accepted.`,
    categoryKey: "charity",
    language: "en",
    venueIndex: 10,
    organizerIndex: 1,
    dayOffset: -35,
    startTime: "19:30",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [8],
    coOrganizerIndexes: [5],
    imageAlts: [
      "Abstract circle of acoustic guitars in warm wood tones for Songwriters in the Round",
      "Hand-drawn heart formed by a winding guitar string",
      "Scattered piano keys and music notes in soft blue",
    ],
  },
  // id 24
  {
    title: "Défilé Afro-Paris : la mode francophone à The Anthem",
    description: `### Quand Dakar, Abidjan et Paris défilent à Washington

Huit créatrices et créateurs de la diaspora francophone de la région DMV présentent leurs collections : wax revisité, tailleurs brodés, streetwear inspiré du bogolan.

**La soirée en bref :**
- Un défilé de 45 minutes
- Une rencontre avec les créateurs après le show
- Une boutique éphémère pour acheter les pièces directement

Tenue élégante conseillée. Le défilé est présenté en français et en anglais.`,
    categoryKey: "fashion",
    language: "fr",
    venueIndex: 0,
    organizerIndex: 2,
    dayOffset: 40,
    startTime: "19:00",
    isPublic: true,
    isFeatured: true,
    sponsorIndexes: [3],
    coOrganizerIndexes: [],
    imageAlts: [
      "Bold abstract wax-print patterns in orange and indigo for the Afro-Paris fashion show at The Anthem",
      "Stylized runway silhouette framed by the Eiffel Tower and a baobab",
      "Mudcloth-inspired geometric shapes in ochre and black",
    ],
  },
  // id 25
  {
    title: "مهرجان الدبكة والتراث العربي في وولف تراب",
    description: `يوم عائلي للاحتفال بالتراث العربي في الهواء الطلق: عروض دبكة فلسطينية ولبنانية، وورشة خط عربي، ونقش بالحناء، وركن للحكايات الشعبية للأطفال.

### ماذا تُحضر معك؟
- بطانية أو كرسيًا قابلًا للطي للجلوس على العشب
- قبعة وواقيًا من الشمس
- شهيتك: أكشاك طعام تقدّم المناقيش والشاورما والعصائر الطازجة

الفعالية مناسبة لجميع الأعمار، والتسجيل المسبق يساعدنا على حسن التنظيم.`,
    categoryKey: "community",
    language: "ar",
    venueIndex: 9,
    organizerIndex: 3,
    dayOffset: 67,
    startTime: "12:00",
    isPublic: true,
    isFeatured: true,
    sponsorIndexes: [11, 2],
    coOrganizerIndexes: [0],
    imageAlts: [
      "Abstract line of dabke dancers in embroidered red and black for an Arab heritage festival at Wolf Trap",
      "Tatreez-style cross-stitch pattern forming a circle of joined hands",
      "Stylized henna swirls and lanterns on a warm sand background",
    ],
  },
  // id 26 — private
  {
    title: "Exclusive Founders Roundtable: Scaling in the DMV",
    description: `An invitation-only, off-the-record conversation for founders who have raised a Series A or beyond and are scaling teams in the region.

**Discussion topics:**
- Hiring senior talent in a government-heavy job market
- Selling to federal, state and local agencies
- Board dynamics and founder well-being

Limited to 16 participants. The Chatham House Rule applies. Dinner is served after the discussion.`,
    categoryKey: "business",
    language: "en",
    venueIndex: 2,
    organizerIndex: 4,
    dayOffset: 22,
    startTime: "17:30",
    isPublic: false,
    isFeatured: false,
    sponsorIndexes: [5],
    coOrganizerIndexes: [6],
    imageAlts: [
      "Abstract round table seen from above in charcoal and brass for the Exclusive Founders Roundtable",
      "Stylized upward staircase made of building blocks",
      "Minimal constellation of connected chairs in muted gold",
    ],
  },
  // id 27
  {
    title: "STEM Lab: Build-a-Rocket Workshop",
    description: `Kids ages 8 to 13 design, build and launch their own air-powered rockets, then test how fin shape and nose cones change their flight.

**What's included:**
- All building materials
- A short talk on how real rockets reach orbit
- A certificate for every young engineer

Parents or guardians must stay on site. Wear clothes that can handle a little glue.`,
    categoryKey: "education",
    language: "en",
    venueIndex: 11,
    organizerIndex: 7,
    dayOffset: 26,
    startTime: "10:00",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [10],
    coOrganizerIndexes: [4],
    imageAlts: [
      "Blueprint-style rocket diagram in white on blue for the Build-a-Rocket Workshop",
      "Abstract arcs of launch trajectories in bright orange",
      "Stylized gears, rulers and stars in primary colors",
    ],
  },
  // id 28 — past
  {
    title: "Wharf Young Professionals Mixer",
    description: `An after-work mixer for young professionals new to the DMV, with a quick icebreaker, light bites and a view of the Washington Channel.

**How it works:**
- Grab a name tag with your field and one fun fact
- Join a 15-minute icebreaker in small groups
- Stay for open networking

Come straight from the office; no business cards required.`,
    categoryKey: "networking",
    language: "en",
    venueIndex: 0,
    organizerIndex: 6,
    dayOffset: -8,
    startTime: "18:00",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [0],
    coOrganizerIndexes: [4],
    imageAlts: [
      "Abstract overlapping speech bubbles in sea blue for the Wharf Young Professionals Mixer",
      "Stylized waterfront skyline with connecting dotted lines",
      "Geometric name tags arranged in a loose circle",
    ],
  },
  // id 29
  {
    title: "Pack-a-Thon for DMV Food Pantries",
    description: `Join hundreds of volunteers to pack shelf-stable meal kits for food pantries in DC, Prince George's County and Northern Virginia.

**Good to know:**
- Shifts are two hours; sign up for one or both
- Closed-toe shoes are required
- Volunteers under 16 must come with an adult

Each kit holds the ingredients for a family dinner. Water and snacks are provided for volunteers.`,
    categoryKey: "charity",
    language: "en",
    venueIndex: 5,
    organizerIndex: 5,
    dayOffset: 30,
    startTime: "09:00",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [2, 6],
    coOrganizerIndexes: [],
    imageAlts: [
      "Abstract stacked boxes in warm orange and green for the Pack-a-Thon for DMV Food Pantries",
      "Stylized open hands holding a bowl of grain",
      "Simple pattern of apples, cans and hearts in earthy tones",
    ],
  },
  // id 30 — free community event
  {
    title: "የማህበረሰብ የቡና ሥነ-ሥርዓት እና የጤና ምርመራ ቀን",
    description: `በሲልቨር ስፕሪንግ እና አካባቢው የሚኖሩ ቤተሰቦች፣ ጎረቤቶች እና ወዳጆች ሁሉ ተጋብዘዋል! ባህላዊ የቡና ሥነ-ሥርዓት፣ ነፃ የደም ግፊት እና የስኳር ምርመራ፣ እንዲሁም ስለ ጤና መድን መረጃ ይቀርባል።

**መግቢያ ነፃ ነው** — ነገር ግን ቦታ ለማስያዝ አስቀድመው ይመዝገቡ።

ልጆችዎን ይዘው ይምጡ፤ ለልጆች የስዕል እና የጨዋታ ቦታ ተዘጋጅቷል።`,
    categoryKey: "community",
    language: "am",
    venueIndex: 7,
    organizerIndex: 0,
    dayOffset: 1,
    startTime: "11:00",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [7, 2],
    coOrganizerIndexes: [6],
    imageAlts: [
      "Abstract jebena coffee pot with rising steam in earthy brown for a community coffee ceremony and health day",
      "Circle of small coffee cups around a green leaf heart",
      "Woven mesob basket pattern in red, yellow and green",
    ],
  },
  // id 31
  {
    title: "Symphony Woods Glow 5K",
    description: `Lace up for an evening 5K through Symphony Woods and around Merriweather Post Pavilion, with glow sticks, LED arches and a DJ at the finish line.

**Your race packet includes:**
- A glow necklace and bracelet
- A commemorative T-shirt
- A timing chip and finisher's medal

Walkers and strollers are welcome in the second wave. Packet pickup opens 90 minutes before the start.`,
    categoryKey: "sports",
    language: "en",
    venueIndex: 8,
    organizerIndex: 7,
    dayOffset: 74,
    startTime: "20:00",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [6, 9],
    coOrganizerIndexes: [5],
    imageAlts: [
      "Neon running figures streaking through dark trees for the Symphony Woods Glow 5K",
      "Abstract glowing finish-line arch in electric green and pink",
      "Stylized running shoes leaving trails of light",
    ],
  },
  // id 32 — past
  {
    title: "Neon Nineties Dance Party",
    description: `Dust off your flannel and windbreakers: DJs spin nothing but '90s hip-hop, R&B, grunge and dance-pop all night at the 9:30 Club.

**Featuring:**
- A costume contest at 11:00 PM
- A throwback photo booth
- Requests taken all night (no songs after 1999, we promise)

18+ to enter, 21+ to drink with valid ID.`,
    categoryKey: "party",
    language: "en",
    venueIndex: 3,
    organizerIndex: 1,
    dayOffset: -12,
    startTime: "21:00",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [],
    coOrganizerIndexes: [],
    imageAlts: [
      "Retro neon squiggles in hot pink and teal for the Neon Nineties Dance Party",
      "Abstract cassette tape unspooling into a disco ball",
      "Memphis-style geometric shapes on a black background",
    ],
  },
  // id 33
  {
    title: "Café-conversation en français à Union Market",
    description: `Vous apprenez le français ou vous souhaitez simplement le pratiquer ? Rejoignez notre café-conversation mensuel : des petites tables par niveau (débutant, intermédiaire, avancé), animées par des bénévoles francophones.

**À apporter :** votre curiosité, un carnet et de quoi vous offrir un café à l'un des comptoirs du marché.

Ambiance détendue, ni notes ni pression : seulement le plaisir de parler.`,
    categoryKey: "education",
    language: "fr",
    venueIndex: 5,
    organizerIndex: 2,
    dayOffset: 11,
    startTime: "18:30",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [],
    coOrganizerIndexes: [],
    imageAlts: [
      "Abstract coffee cups and speech bubbles in blue, white and red for a French conversation café",
      "Stylized open notebook with handwritten letters drifting off the page",
      "Simple bistro table pattern in warm café tones",
    ],
  },
  // id 34 — sold out
  {
    title: "The Velvet Hours: Farewell Tour Final Night",
    description: `### One last night

After fifteen years, three albums and countless late sets on U Street, The Velvet Hours close their farewell tour where it all started: the 9:30 Club.

**Expect:**
- A career-spanning two-hour set
- An opening set from DC newcomers Honeysuckle Static
- Limited-edition tour posters at the merch table

Standing room only. Doors open one hour before showtime.`,
    categoryKey: "music",
    language: "en",
    venueIndex: 3,
    organizerIndex: 1,
    dayOffset: 10,
    startTime: "20:00",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [],
    coOrganizerIndexes: [],
    imageAlts: [
      "Deep velvet-red abstract curtains parting for The Velvet Hours Farewell Tour Final Night",
      "Stylized electric guitar silhouette under a single spotlight",
      "Fading clock hands dissolving into music notes",
    ],
  },
  // id 35
  {
    title: "ملتقى المهنيين العرب في العاصمة",
    description: `لقاء يجمع المهنيين العرب في واشنطن وميريلاند وفيرجينيا من مجالات التقنية والصحة والقانون والتعليم، وفرصة لتوسيع شبكة علاقاتك والتعرّف على زملاء يشاركونك اللغة والخلفية.

**برنامج الأمسية:**
- ترحيب وتعارف
- حوار قصير بعنوان «بناء مسيرة مهنية بين ثقافتين»
- جلسات إرشاد سريعة مع مهنيين من ذوي الخبرة

لا تنسَ إحضار بطاقات العمل أو رمز QR لحسابك على لينكدإن.`,
    categoryKey: "networking",
    language: "ar",
    venueIndex: 1,
    organizerIndex: 3,
    dayOffset: 20,
    startTime: "18:30",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [0],
    coOrganizerIndexes: [4],
    imageAlts: [
      "Abstract network of golden lines joining arabesque stars for an Arab professionals networking evening",
      "Stylized handshake inside a geometric lantern shape",
      "Overlapping speech bubbles with calligraphy-inspired strokes in teal",
    ],
  },
  // id 36 — invitation-only gala
  {
    title: "Starlight VIP Gala for Youth Arts",
    description: `### An evening under the chandeliers

Our annual invitation-only gala celebrates young artists from across the DMV and raises scholarship funds for summer arts programs.

**The evening:**
- A champagne reception in the Grand Foyer
- A seated dinner with performances by scholarship recipients
- A live auction

Black tie. Admission is by personal invitation only; please bring your invitation card and a photo ID.`,
    categoryKey: "charity",
    language: "en",
    venueIndex: 2,
    organizerIndex: 5,
    dayOffset: 55,
    startTime: "19:00",
    isPublic: false,
    isFeatured: false,
    sponsorIndexes: [0, 2, 3],
    coOrganizerIndexes: [7],
    imageAlts: [
      "Sparkling abstract chandelier in gold and midnight blue for the Starlight VIP Gala for Youth Arts",
      "Stylized paintbrush trailing a path of stars",
      "Elegant art deco border with small hearts in champagne tones",
    ],
  },
  // id 37
  {
    title: "L'heure du conte bilingue : contes d'Afrique et de France",
    description: `Une matinée de contes pour les enfants de 3 à 8 ans, en français et en anglais : Leuk-le-Lièvre, le Petit Chaperon rouge et d'autres histoires venues d'Afrique de l'Ouest et de France.

**Au programme :**
- Lecture animée avec marionnettes
- Comptines à chanter ensemble
- Atelier de coloriage pour finir

Les parents restent avec leurs enfants. Coussins fournis, goûter non inclus.`,
    categoryKey: "family",
    language: "fr",
    venueIndex: 6,
    organizerIndex: 2,
    dayOffset: 13,
    startTime: "10:30",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [],
    coOrganizerIndexes: [7],
    imageAlts: [
      "Whimsical hare and little red hood illustrated in soft watercolors for a bilingual story hour",
      "Stylized open picture book with a baobab and a castle rising from the pages",
      "Playful pattern of puppets and crayons in bright primary colors",
    ],
  },
  // id 38
  {
    title: "Future of Flight: Drones & AI Demo Night",
    description: `Engineers and researchers from the region demo the next generation of aircraft technology — from autonomous delivery drones to AI-assisted air-traffic tools — among the historic aircraft of the Udvar-Hazy Center.

**On the program:**
- Indoor drone demonstrations in a netted flight cage
- Lightning talks on autonomy, batteries and airspace safety
- A career corner for students interested in aerospace

Ages 12 and up. On-site parking is paid.`,
    categoryKey: "technology",
    language: "en",
    venueIndex: 11,
    organizerIndex: 4,
    dayOffset: 88,
    startTime: "18:30",
    isPublic: true,
    isFeatured: false,
    sponsorIndexes: [1, 10],
    coOrganizerIndexes: [7],
    imageAlts: [
      "Abstract quadcopter outline traced in glowing cyan for Future of Flight: Drones & AI Demo Night",
      "Circuit-board pattern shaped like aircraft wings",
      "Dotted flight paths curving across a twilight grid",
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Promotions and teasers.
// ---------------------------------------------------------------------------------------------

export const SAMPLE_PROMOTIONS: SamplePromotion[] = [
  {
    eventIndex: 4,
    title: "Capital Sounds is back at Merriweather",
    description: "Twelve DMV acts, two stages and one long day of music in Symphony Woods.",
    callToAction: "Get tickets",
    placement: "homepage",
    startDayOffset: -5,
    endDayOffset: 40,
    isActive: true,
  },
  {
    eventIndex: 6,
    title: "Capital Tech Forward: the region's builders in one room",
    description: "AI, cybersecurity and startup tracks at the Walter E. Washington Convention Center.",
    callToAction: "Register now",
    placement: "explore",
    startDayOffset: -3,
    endDayOffset: 55,
    isActive: true,
  },
  {
    eventIndex: 3,
    title: "An Ethio-jazz night at the Birchmere",
    description: "Saxophone, krar and masinko on one stage — the sound of Addis, live in Alexandria.",
    callToAction: "Learn more",
    placement: "category",
    startDayOffset: -2,
    endDayOffset: 17,
    isActive: true,
  },
  {
    eventIndex: 0,
    title: "Jazz Nights at the Wharf",
    description: "Standards, bebop and a late jam session at The Anthem.",
    callToAction: "Get tickets",
    placement: "sidebar",
    startDayOffset: -7,
    endDayOffset: 3,
    isActive: true,
  },
  {
    eventIndex: 20,
    title: "Go-Go Legends Live",
    description: "Three generations of go-go share one stage at Capital One Arena.",
    callToAction: "Get notified",
    placement: "homepage",
    startDayOffset: 10,
    endDayOffset: 50,
    isActive: false,
  },
];

export const SAMPLE_TEASERS: SampleTeaser[] = [
  { eventIndex: 4, tagline: "Twelve hometown acts, two stages, one unforgettable day at Merriweather." },
  { eventIndex: 6, tagline: "The DMV's engineers, founders and public technologists — all under one roof." },
  { eventIndex: 20, tagline: "DC's own sound takes over Capital One Arena for one night only." },
];
