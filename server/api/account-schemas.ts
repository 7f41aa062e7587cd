import { z } from "zod";
import { count, id, instant, uuid } from "./schema-primitives";

/* The answers and request body of the account operations: "Download my data" and "Delete my account". */

const maybeInstant = instant.nullable();
const eventRef = z.object({ id, title: z.string() });
const language = z.enum(["en", "fr", "ar", "am"]);

const exportedOrder = z.object({
  id: uuid,
  event: eventRef.extend({ startsAt: instant }),
  buyerName: z.string(),
  buyerEmail: z.string(),
  language,
  status: z.enum(["pending", "confirmed", "cancelled", "refunded"]),
  totalCents: count,
  paymentProvider: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  createdAt: instant,
  updatedAt: instant,
  items: z.array(z.object({ ticketType: z.string(), quantity: count, unitPriceCents: count })),
  history: z.array(z.object({ status: z.string(), reason: z.string(), at: instant })),
  tickets: z.array(
    z.object({
      code: z.string(),
      ticketType: z.string(),
      status: z.enum(["valid", "void"]),
      checkedInAt: maybeInstant,
      issuedAt: instant,
    }),
  ),
});

const exportedEvent = z.object({
  id,
  title: z.string(),
  description: z.string(),
  status: z.enum(["draft", "published", "cancelled"]),
  startsAt: instant,
  endsAt: instant,
  timeZone: z.string(),
  language,
  isPublic: z.boolean(),
  category: z.string(),
  venue: z.object({ name: z.string(), address: z.string(), city: z.string(), state: z.string() }),
  createdAt: instant,
  updatedAt: instant,
  cancelledAt: maybeInstant,
  hiddenAt: maybeInstant.describe("When staff hid the event from the site, if they did."),
  hiddenReason: z.string().nullable(),
  role: z.enum(["organizer", "coOrganizer"]),
  ticketTypes: z.array(
    z.object({ name: z.string(), description: z.string().nullable(), priceCents: count, quantity: count, sold: count }),
  ),
  images: z.array(z.object({ position: count, storageKey: z.string(), alt: z.string() })),
});

const invitation = z.object({
  event: eventRef,
  sentAt: instant,
  expiresAt: instant,
  acceptedAt: maybeInstant,
  withdrawnAt: maybeInstant,
});

export const ACCOUNT_SCHEMAS = {
  AccountExport: z
    .object({
      exportedAt: instant,
      account: z.object({
        id: uuid,
        email: z.string(),
        emailConfirmedAt: maybeInstant,
        hasPassword: z.boolean().describe("Whether the account has a password; the password itself is never exported."),
        signUpData: z.record(z.string(), z.unknown()).describe("What was given at sign-up (user_metadata)."),
        createdAt: instant,
        updatedAt: instant,
        lastSignInAt: maybeInstant,
        suspendedUntil: maybeInstant,
      }),
      identities: z
        .array(z.object({ provider: z.string(), createdAt: instant, lastSignInAt: maybeInstant }))
        .describe("How the person signs in: email, google or facebook."),
      sessions: z
        .array(
          z.object({
            device: z.string().nullable().describe("The browser's User-Agent when the session began."),
            ipAddress: z.string().nullable(),
            createdAt: instant,
            lastActiveAt: instant,
            endsAt: instant,
            signInMethods: z.array(z.string()),
          }),
        )
        .describe("Each device signed in; no token."),
      profile: z
        .object({
          name: z.string(),
          role: z.enum(["organizer", "attendee"]),
          preferredLanguage: language,
          organization: z.string().nullable(),
          bio: z.string().nullable(),
          location: z.string().nullable(),
          profileImage: z.string().nullable(),
          socialLinks: z.record(z.string(), z.string()),
          receivesDigest: z.boolean(),
          createdAt: instant,
          updatedAt: instant,
        })
        .nullable(),
      interests: z.array(z.object({ interest: z.string(), savedAt: instant })),
      newsletter: z
        .object({
          email: z.string(),
          language,
          subscribedAt: instant,
          confirmedAt: maybeInstant,
          unsubscribedAt: maybeInstant,
        })
        .nullable(),
      orders: z
        .array(exportedOrder)
        .describe("Orders placed signed in, or with the account's confirmed address, with their tickets."),
      waitlist: z.array(
        z.object({
          event: eventRef,
          ticketType: z.string(),
          name: z.string(),
          email: z.string(),
          language,
          status: z.string(),
          joinedAt: instant,
          confirmedAt: maybeInstant,
          offeredAt: maybeInstant,
        }),
      ),
      ticketLookups: z
        .array(z.object({ email: z.string(), requestedAt: instant, expiresAt: instant, usedAt: maybeInstant }))
        .describe("Find My Ticket requests for the account's address, in the last 24 hours."),
      events: z.array(exportedEvent).describe("Events the person organizes or co-organizes."),
      invitations: z.object({
        sent: z.array(invitation.extend({ email: z.string() })),
        received: z.array(invitation),
      }),
      reputation: z
        .object({
          score: z.int(),
          level: z.string(),
          eventsHeld: count,
          ticketsSold: count,
          ticketsCheckedIn: count,
          eventsCancelled: count,
          updatedAt: instant,
        })
        .nullable(),
      promotions: z.array(
        z.object({
          id: uuid,
          event: eventRef,
          types: z.array(z.string()),
          days: count,
          budgetCents: count,
          priceCents: count,
          startsAt: instant,
          endsAt: instant,
          paymentProvider: z.string().nullable(),
          cardBrand: z.string().nullable(),
          cardLast4: z.string().nullable(),
          paidAt: maybeInstant,
          endedAt: maybeInstant,
          createdAt: instant,
        }),
      ),
      staff: z
        .object({
          member: z.object({ grantedAt: instant }).nullable(),
          actions: z.array(
            z.object({
              action: z.string(),
              subjectType: z.string(),
              subjectId: z.string(),
              reason: z.string().nullable(),
              at: instant,
            }),
          ),
          blogPosts: z.array(
            z.object({
              slug: z.string(),
              status: z.enum(["draft", "published"]),
              publishAt: maybeInstant,
              createdAt: instant,
            }),
          ),
        })
        .nullable()
        .describe(
          "For staff: since when, the staff actions they took and the blog posts they wrote; null for everyone else.",
        ),
      messages: z
        .array(
          z.object({
            reference: z.string(),
            kind: z.enum(["site", "organizer"]),
            topic: z.enum(["buyer_help", "organizer_help", "press", "partnership", "problem"]).nullable(),
            eventId: z.number().int().nullable(),
            relatedReference: z.string().nullable(),
            name: z.string(),
            email: z.string(),
            status: z.enum(["open", "answered", "closed"]),
            createdAt: instant,
            messages: z.array(z.object({ author: z.enum(["sender", "staff"]), body: z.string(), createdAt: instant })),
          }),
        )
        .describe("The messages they sent to the site's staff or to organizers, with every answer."),
      reports: z
        .array(
          z.object({
            subjectType: z.enum(["event", "review", "photo"]),
            subjectId: z.string(),
            reason: z.string(),
            details: z.string().nullable(),
            status: z.enum(["open", "dismissed", "actioned"]),
            createdAt: instant,
          }),
        )
        .describe("The reports they made."),
      sponsorships: z
        .array(z.object({ sponsor: z.object({ id: z.number().int(), name: z.string() }), linkedAt: instant }))
        .describe("The sponsors whose appearances on events they approve."),
      community: z
        .object({
          saved: z.array(z.object({ event: eventRef, savedAt: instant, remindedAt: instant.nullable() })),
          following: z.array(z.object({ organizer: z.object({ id: z.string(), name: z.string() }), since: instant })),
          reviews: z.array(
            z.object({
              id: z.number().int(),
              event: eventRef,
              rating: z.number().int().min(1).max(5),
              body: z.string().nullable(),
              answer: z.string().nullable(),
              hiddenAt: instant.nullable(),
              createdAt: instant,
              updatedAt: instant,
            }),
          ),
          helpfulVotes: z.array(z.object({ reviewId: z.number().int(), at: instant })),
          photos: z.array(
            z.object({
              id: z.number().int(),
              eventId: z.number().int(),
              image: z.string(),
              alt: z.string(),
              hiddenAt: instant.nullable(),
              createdAt: instant,
            }),
          ),
          shares: z.array(
            z.object({ code: z.string(), eventId: z.number().int(), createdAt: instant, visits: z.number().int() }),
          ),
          badges: z.array(z.object({ badge: z.string(), awardedAt: instant })),
          notifications: z.array(
            z.object({
              kind: z.string(),
              data: z.record(z.string(), z.unknown()),
              readAt: instant.nullable(),
              createdAt: instant,
            }),
          ),
        })
        .describe(
          "What they saved, the organizers they follow, their reviews and helpful votes, their gallery photos, their share links with the visits they brought, their badges and their notifications.",
        ),
      promoters: z
        .object({
          links: z.array(
            z.object({
              event: eventRef,
              code: z.string(),
              status: z.enum(["invited", "active"]),
              commissionBps: z.number().int(),
              invitedEmail: z.string().nullable(),
              createdAt: instant,
              acceptedAt: instant.nullable(),
              clicks: z.number().int(),
            }),
          ),
          listedSince: instant.nullable(),
          attributedOrders: z.array(
            z.object({
              orderId: z.string(),
              shareCode: z.string().nullable(),
              promoterCode: z.string().nullable(),
              commissionBps: z.number().int(),
            }),
          ),
        })
        .describe(
          "The events they promote or are invited to promote, with their links' clicks; whether they are listed among the top promoters; and the orders their share or promoter links brought.",
        ),
      planning: z
        .object({
          plans: z.array(
            z.object({
              id: z.number().int(),
              title: z.string(),
              input: z.record(z.string(), z.unknown()),
              budgetLines: z.array(z.record(z.string(), z.unknown())),
              eventId: z.number().int().nullable(),
              createdAt: instant,
              updatedAt: instant,
              tasks: z.array(
                z.object({
                  taskKey: z.string(),
                  dueOn: z.string(),
                  doneAt: instant.nullable(),
                  remindedAt: instant.nullable(),
                }),
              ),
            }),
          ),
          matchmakerAnswers: z.object({ answers: z.record(z.string(), z.unknown()), updatedAt: instant }).nullable(),
        })
        .describe(
          "The event plans they saved (answers, budget, tasks with due days, ticks and reminders) and the Event Matchmaker's answers they kept.",
        ),
    })
    .describe("Everything the site stores about the signed-in person, as the privacy page lists it."),
  AccountDeleted: z
    .object({ data: z.object({ deleted: z.literal(true), deletedAt: instant }) })
    .describe("The account is deleted: every session has ended, and the address is free for a new account."),
} satisfies Record<string, z.ZodType>;

export const ACCOUNT_REQUEST_BODIES = {
  AccountDeletionInput: z
    .object({
      password: z.string().max(1024).optional().describe("The account's password (accounts that have one)."),
      email: z.string().max(320).optional().describe("The account's e-mail address (accounts without a password)."),
    })
    .strict()
    .describe("The confirmation: the password, or for an account without one its e-mail address."),
} satisfies Record<string, z.ZodType>;
