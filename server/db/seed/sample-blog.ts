import { eq } from "drizzle-orm";
import type { CategoryKey } from "#domain/catalog";
import type { Language } from "#domain/language";
import type { Database } from "#server/db/client";
import * as schema from "#server/db/schema";
import { EVENT_IMAGE_WIDTHS, eventImageKey } from "#server/images/sample-images";

/*
 * The blog's sample posts (issue 18): four posts staff might really write, one in all four languages,
 * one in English alone (readers of other languages see its language badge), one scheduled a few days
 * ahead (hidden until then). Covers are sample artwork, rendered on first request like events' (decision
 * 001), under seeds of their own so that no event shows the same picture.
 */

interface SampleVersion {
  title: string;
  summary: string;
  body: string;
}

interface SamplePost {
  slug: string;
  originalLanguage: Language;
  /** Days from the seed's `now` the post went (or goes) live; positive is scheduled. */
  publishDayOffset: number;
  cover: { categoryKey: CategoryKey; seed: number; alt: string };
  tags: string[];
  versions: Partial<Record<Language, SampleVersion>> & { en: SampleVersion };
}

/** Staff write the blog; the seeded staff account signs it when there is one. */
const AUTHOR_EMAIL = "admin@example.com";

export const SAMPLE_BLOG_POSTS: readonly SamplePost[] = [
  {
    slug: "winter-in-the-dmv-events-roundup",
    originalLanguage: "en",
    publishDayOffset: -2,
    cover: {
      categoryKey: "music",
      seed: 901,
      alt: "Illustration of a stage with lights and musical notes in warm winter colors",
    },
    tags: ["roundup", "music", "festivals", "dmv"],
    versions: {
      en: {
        title: "Winter in the DMV: the events worth leaving the house for",
        summary:
          "Holiday markets on the Wharf, jazz in Silver Spring, a lantern walk in Old Town: our pick of the season across DC, Maryland and Virginia.",
        body: `The days are short, but the calendar is full. Here is what our team is looking forward to this season, from the District out to the suburbs.

## In the District

- **Holiday markets** return downtown and on the Wharf, with local makers, warm cider and live music most weekends.
- **Jazz nights** along U Street keep going all winter; many clubs have early sets that suit a weeknight.
- The museums' **late openings** are a good, free way to spend a cold evening.

## In Maryland

Silver Spring and Hyattsville have a busy run of concerts and community dances, and Annapolis lights its boats on the harbor in December.

## In Virginia

Old Town Alexandria's lantern walks and Arlington's food halls make for an easy evening out, and several wineries host winter tastings by the fire.

> Tip: save the events you like on [DMV Events](/events) and subscribe to the calendar feed, so the dates land in your own calendar.

See you out there, and stay warm.`,
      },
      fr: {
        title: "L’hiver dans la région DMV : les sorties qui valent le détour",
        summary:
          "Marchés de fêtes sur le Wharf, jazz à Silver Spring, balade aux lanternes à Old Town : notre sélection de la saison à DC, dans le Maryland et en Virginie.",
        body: `Les journées sont courtes, mais le calendrier est plein. Voici ce que notre équipe attend avec impatience cette saison, du centre de Washington jusqu’en banlieue.

## À Washington

- Les **marchés de fêtes** reviennent au centre-ville et sur le Wharf, avec des artisans locaux, du cidre chaud et de la musique live presque chaque week-end.
- Les **soirées jazz** de U Street continuent tout l’hiver ; beaucoup de clubs proposent un premier set qui convient à un soir de semaine.
- Les **nocturnes des musées** sont une belle sortie gratuite par une soirée froide.

## Dans le Maryland

Silver Spring et Hyattsville enchaînent concerts et bals de quartier, et Annapolis illumine ses bateaux dans le port en décembre.

## En Virginie

Les balades aux lanternes d’Old Town Alexandria et les halles gourmandes d’Arlington font une soirée facile, et plusieurs domaines viticoles organisent des dégustations d’hiver au coin du feu.

> Astuce : enregistrez les événements qui vous plaisent sur [DMV Events](/events) et abonnez-vous au flux de calendrier, pour que les dates arrivent dans votre propre agenda.

À bientôt, et restez au chaud.`,
      },
      ar: {
        title: "الشتاء في منطقة DMV: فعاليات تستحق الخروج من البيت",
        summary:
          "أسواق الأعياد على الواجهة البحرية، وموسيقى الجاز في سيلفر سبرينغ، وجولة الفوانيس في أولد تاون: اختياراتنا لهذا الموسم في العاصمة وماريلاند وفيرجينيا.",
        body: `الأيام قصيرة، لكن التقويم ممتلئ. إليك ما ينتظره فريقنا بشوق هذا الموسم، من قلب العاصمة إلى الضواحي.

## في العاصمة

- تعود **أسواق الأعياد** إلى وسط المدينة والواجهة البحرية، مع حرفيين محليين وعصير التفاح الساخن وموسيقى حية في معظم عطلات نهاية الأسبوع.
- تستمر **أمسيات الجاز** في شارع U طوال الشتاء، وكثير من النوادي تقدم عروضًا مبكرة تناسب أيام الأسبوع.
- **السهرات المسائية في المتاحف** طريقة جميلة ومجانية لقضاء أمسية باردة.

## في ماريلاند

تشهد سيلفر سبرينغ وهاياتسفيل سلسلة من الحفلات والأمسيات المجتمعية، وتضيء أنابوليس قواربها في الميناء في ديسمبر.

## في فيرجينيا

جولات الفوانيس في أولد تاون ألكسندريا وأسواق الطعام في أرلينغتون تصنع أمسية سهلة، وتستضيف عدة مزارع كروم جلسات تذوق شتوية بجانب المدفأة.

> نصيحة: احفظ الفعاليات التي تعجبك على [DMV Events](/events) واشترك في موجز التقويم، لتصل المواعيد إلى تقويمك الخاص.

نراكم هناك، ودمتم دافئين.`,
      },
      am: {
        title: "ክረምት በDMV አካባቢ፦ ከቤት ለመውጣት የሚያስቆጩ ዝግጅቶች",
        summary: "በዋርፍ የበዓል ገበያዎች፣ በሲልቨር ስፕሪንግ ጃዝ፣ በኦልድ ታውን የፋኖስ ጉዞ፦ በዲሲ፣ በሜሪላንድ እና በቨርጂኒያ የዚህ ወቅት ምርጫዎቻችን።",
        body: `ቀኖቹ አጭር ናቸው፣ የቀን መቁጠሪያው ግን ሙሉ ነው። ከከተማው መሃል እስከ ዳርቻዎቹ ድረስ ቡድናችን በዚህ ወቅት በጉጉት የሚጠብቃቸው እነዚህ ናቸው።

## በዋሽንግተን ዲሲ

- **የበዓል ገበያዎች** በከተማው መሃል እና በዋርፍ ይመለሳሉ፤ የአካባቢ ሠሪዎች፣ ትኩስ የፖም ጭማቂ እና የቀጥታ ሙዚቃ በአብዛኛው ቅዳሜና እሁድ ይኖራሉ።
- በዩ ስትሪት ያሉ **የጃዝ ምሽቶች** ክረምቱን ሙሉ ይቀጥላሉ፤ ብዙ ክለቦች ለሳምንቱ ቀናት የሚመቹ ቀደምት ትርኢቶች አሏቸው።
- የሙዚየሞች **የምሽት መክፈቻዎች** ቀዝቃዛ ምሽትን ለማሳለፍ ጥሩ እና ነፃ መንገድ ናቸው።

## በሜሪላንድ

ሲልቨር ስፕሪንግ እና ሃያትስቪል ተከታታይ ኮንሰርቶችና የማኅበረሰብ ጭፈራዎች አሏቸው፤ አናፖሊስም በታኅሣሥ ጀልባዎቿን በወደቡ ላይ ታበራለች።

## በቨርጂኒያ

በኦልድ ታውን አሌክሳንድሪያ የፋኖስ ጉዞዎችና በአርሊንግተን የምግብ አዳራሾች ቀላል የምሽት መውጫ ናቸው፤ በርካታ የወይን እርሻዎችም በእሳት አጠገብ የክረምት ቅምሻ ያዘጋጃሉ።

> ምክር፦ የወደዷቸውን ዝግጅቶች በ[DMV Events](/events) ላይ ያስቀምጡ እና የቀን መቁጠሪያ ምግቡን ይመዝገቡ፤ ቀኖቹ በራስዎ የቀን መቁጠሪያ ላይ ይደርሳሉ።

እዚያ እንገናኝ፤ ሙቀት ይኑርዎ።`,
      },
    },
  },
  {
    slug: "first-time-organizer-guide",
    originalLanguage: "en",
    publishDayOffset: -9,
    cover: { categoryKey: "business", seed: 902, alt: "Illustration of a planning board with charts and sticky notes" },
    tags: ["organizers", "guides", "business"],
    versions: {
      en: {
        title: "Organizing your first event? Start here",
        summary:
          "A venue, a date, a price and a page people want to share: the seven steps we see first-time organizers in the DMV get right.",
        body: `Every week someone publishes their first event on DMV Events. The ones that fill up tend to get the same few things right.

1. **Pick the date with care.** Check what else is on that evening in your part of town, and avoid the long weekends unless your event is made for them.
2. **Choose a venue your people can reach.** Near a Metro station is worth a lot in the District; in the suburbs, say where to park.
3. **Write a title that says what it is.** "Ethiopian coffee ceremony and live krar music" beats "A special evening".
4. **Price honestly.** Look at [our pricing](/pricing) to see what a ticket costs you, and keep a few free or low-cost tickets if you can.
5. **Add good pictures and their descriptions.** The description (alt text) lets people who use screen readers know what the picture shows.
6. **Share your page.** Your event page has a link and a calendar button; send it to your list and your groups.
7. **Plan the door.** Check-in works from any phone: scan the tickets' QR codes, no extra equipment needed.

When you are ready, [create your event](/create). It takes about ten minutes, and you can save a draft and come back.`,
      },
      fr: {
        title: "Vous organisez votre premier événement ? Commencez ici",
        summary:
          "Un lieu, une date, un prix et une page que l’on a envie de partager : les sept étapes que réussissent les organisateurs débutants de la région DMV.",
        body: `Chaque semaine, quelqu’un publie son premier événement sur DMV Events. Ceux qui affichent complet réussissent souvent les mêmes choses.

1. **Choisissez la date avec soin.** Regardez ce qui se passe ce soir-là dans votre quartier et évitez les longs week-ends, sauf si votre événement est fait pour eux.
2. **Choisissez un lieu facile d’accès.** Être près d’une station de métro compte beaucoup à Washington ; en banlieue, indiquez où se garer.
3. **Donnez un titre qui dit ce que c’est.** « Cérémonie du café éthiopien et krar en live » vaut mieux que « Une soirée spéciale ».
4. **Fixez un prix honnête.** Consultez [nos tarifs](/pricing) pour savoir ce qu’un billet vous coûte, et gardez si possible quelques places gratuites ou à petit prix.
5. **Ajoutez de belles images et leur description.** La description (texte alternatif) permet aux personnes qui utilisent un lecteur d’écran de savoir ce que montre l’image.
6. **Partagez votre page.** Votre page d’événement a un lien et un bouton d’agenda : envoyez-la à vos contacts et à vos groupes.
7. **Préparez l’accueil.** Le contrôle des billets fonctionne sur n’importe quel téléphone : il suffit de scanner les QR codes.

Quand vous êtes prêt, [créez votre événement](/create). Cela prend une dizaine de minutes, et vous pouvez enregistrer un brouillon et revenir plus tard.`,
      },
    },
  },
  {
    slug: "four-languages-one-site",
    originalLanguage: "en",
    publishDayOffset: -16,
    cover: {
      categoryKey: "community",
      seed: 903,
      alt: "Illustration of neighbors gathered around a table under string lights",
    },
    tags: ["accessibility", "languages", "community"],
    versions: {
      en: {
        title: "Four languages, one site: how we built DMV Events for everyone",
        summary:
          "English, French, Arabic and Amharic are the languages our neighbors speak. Here is how the site works in each, and what we do for people who use assistive technology.",
        body: `The DMV is one of the most multilingual regions in the country. Our community calendar should be, too.

## Why these four

English is the region's common language. French is spoken by a large West and Central African community and by many newcomers; Arabic by families from across the Middle East and North Africa; and the area is home to the largest Ethiopian community outside Ethiopia, where Amharic is spoken at home and in church, at the market and on the radio.

## What changes with the language

Pick a language at the top of any page. Menus, dates, prices and e-mails follow it. Arabic pages read from right to left. Events and blog posts stay in the language their authors wrote them in, and say so with a small badge when it is not yours.

## Accessibility

- Every page works with a keyboard alone, with a visible focus.
- Pictures carry descriptions that organizers write when they upload them.
- Colors keep enough contrast in both the light and the dark theme.
- We test every new page with automated accessibility checks before it goes live.

If something on the site gets in your way, tell us: we read every message.`,
      },
    },
  },
  {
    slug: "organizer-spotlight-addis-dmv-cultural-collective",
    originalLanguage: "en",
    publishDayOffset: 4,
    cover: { categoryKey: "arts", seed: 904, alt: "Illustration of a gallery wall with colorful framed paintings" },
    tags: ["spotlight", "organizers", "arts", "community"],
    versions: {
      en: {
        title: "Organizer spotlight: Hanna Bekele and the Addis DMV Cultural Collective",
        summary:
          "From coffee ceremonies in Silver Spring to a sold-out evening of Ethiopian jazz, Hanna Bekele builds events where three generations feel at home.",
        body: `Hanna Bekele started the Addis DMV Cultural Collective with a folding table and a borrowed coffee set. Five years later, its events draw families from all over the region.

## Events for every generation

"Our grandparents want the music they grew up with; our kids want to dance," Hanna says. So the Collective's evenings start with a traditional coffee ceremony and end with a DJ.

## What she has learned

- Publish early, and in both languages your guests speak.
- Keep some tickets affordable, so students and elders can come.
- Thank your volunteers by name, at the event and after.

Look for the Collective's next events on [DMV Events](/events?language=am).`,
      },
      am: {
        title: "አዘጋጅ በትኩረት፦ ሐና በቀለ እና የአዲስ DMV የባህል ማኅበር",
        summary:
          "በሲልቨር ስፕሪንግ ከሚካሄዱ የቡና ሥነ ሥርዓቶች እስከ ትኬቱ ያለቀበት የኢትዮጵያ ጃዝ ምሽት፣ ሐና በቀለ ሦስት ትውልዶች እቤታቸው ያሉ ያህል የሚሰማቸውን ዝግጅቶች ታዘጋጃለች።",
        body: `ሐና በቀለ የአዲስ DMV የባህል ማኅበርን የጀመረችው በሚታጠፍ ጠረጴዛና በተዋሰችው የቡና ዕቃ ነው። ከአምስት ዓመት በኋላ ዝግጅቶቹ ከመላው አካባቢ ቤተሰቦችን ይስባሉ።

## ለሁሉም ትውልድ የሚሆኑ ዝግጅቶች

«አያቶቻችን ያደጉበትን ሙዚቃ ይፈልጋሉ፤ ልጆቻችን መደነስ ይፈልጋሉ» ትላለች ሐና። ስለዚህ የማኅበሩ ምሽቶች በባህላዊ የቡና ሥነ ሥርዓት ይጀምራሉ፤ በዲጄ ይጠናቀቃሉ።

## የተማረቻቸው ነገሮች

- ቀደም ብለው ያትሙ፣ እንግዶችዎ በሚናገሯቸው ሁለቱም ቋንቋዎች።
- ተማሪዎችና አረጋውያን እንዲመጡ አንዳንድ ትኬቶችን በተመጣጣኝ ዋጋ ያስቀምጡ።
- በጎ ፈቃደኞችዎን በዝግጅቱ ላይም ከዚያ በኋላም በስማቸው ያመስግኑ።

የማኅበሩን ቀጣይ ዝግጅቶች በ[DMV Events](/events?language=am) ላይ ይፈልጉ።`,
      },
    },
  },
];

/** The storage key of a sample post's cover (sample artwork, like an event's first picture). */
export function sampleBlogCoverKey(post: SamplePost): string {
  return eventImageKey(post.cover.categoryKey, post.cover.seed, 0);
}

/** Writes the sample posts, live or scheduled relative to `now`; returns how many. */
export async function seedSampleBlog(tx: Pick<Database, "select" | "insert">, now: Date): Promise<number> {
  const [author] = await tx
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, AUTHOR_EMAIL));
  const day = 24 * 60 * 60 * 1000;
  for (const post of SAMPLE_BLOG_POSTS) {
    const publishAt = new Date(now.getTime() + post.publishDayOffset * day);
    const stamp = post.publishDayOffset < 0 ? publishAt : now;
    const [row] = await tx
      .insert(schema.blogPosts)
      .values({
        slug: post.slug,
        originalLanguage: post.originalLanguage,
        coverStorageKey: sampleBlogCoverKey(post),
        coverWidths: [...EVENT_IMAGE_WIDTHS],
        coverAlt: post.cover.alt,
        tags: post.tags,
        authorId: author?.id ?? null,
        status: "published",
        publishAt,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .returning({ id: schema.blogPosts.id });
    await tx.insert(schema.blogPostVersions).values(
      Object.entries(post.versions).map(([language, version]) => ({
        postId: row!.id,
        language: language as Language,
        ...version,
        createdAt: stamp,
        updatedAt: stamp,
      })),
    );
  }
  return SAMPLE_BLOG_POSTS.length;
}
