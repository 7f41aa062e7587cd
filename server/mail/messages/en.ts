/**
 * The account e-mails' words in English, which define the keys; every other language gives exactly
 * these keys (typed here, and checked by email-messages.unit.test.ts). `{{email}}` is the recipient. The
 * order e-mails (render-order-email.ts) use `order` and the keys named after their kinds.
 */
export const en = {
  siteName: "DMV Events",
  rawLinkLabel: "If the button does not work, copy this address into your browser:",
  ignoreNotice: "If you did not ask for this, ignore this e-mail: nothing happens until the link is used.",
  footer: "You receive this e-mail because this address was entered on DMV Events.",
  /** Under the footer of every optional e-mail, followed by the link to the e-mail settings. */
  settingsLine: "Choose which e-mails you get:",
  /** Above the code in e-mails that carry one (those asked for through /auth/v1). */
  codeLabel: "If you are asked for a code, enter this one:",
  codeValidity: "The code is valid for 15 minutes and works once.",
  signup: {
    subject: "Confirm your DMV Events account",
    heading: "Confirm your e-mail address",
    intro: "Welcome to DMV Events! Confirm that {{email}} is your address to finish creating your account.",
    action: "Confirm my account",
    validity: "This link is valid for 24 hours and works once.",
  },
  magiclink: {
    subject: "Your DMV Events sign-in link",
    heading: "Sign in to DMV Events",
    intro: "Use the button below to sign in as {{email}}. No password needed.",
    action: "Sign in",
    validity: "This link is valid for 15 minutes and works once.",
  },
  recovery: {
    subject: "Reset your DMV Events password",
    heading: "Reset your password",
    intro: "Someone asked to reset the password of the DMV Events account {{email}}. Choose a new password here:",
    action: "Choose a new password",
    validity: "This link is valid for 15 minutes and works once.",
  },
  password_changed: {
    subject: "Your DMV Events password was changed",
    heading: "Your password was changed",
    intro: "The password of the DMV Events account {{email}} was just changed, and other devices were signed out.",
    ifYou: "If it was you, there is nothing more to do.",
    ifNotYou: "If it was not you, reset your password now to take your account back:",
    action: "Reset my password",
  },
  /** To the owner of an account when someone signs its address up again; links to sign in and reset. */
  account_exists: {
    subject: "Someone tried to create a DMV Events account with your address",
    heading: "You already have an account",
    intro:
      "Someone tried to create a new DMV Events account with {{email}}, but this address already has one. Nothing was changed.",
    ifYou: "If it was you, sign in to your existing account instead.",
    forgot: "Forgot your password?",
    reset: "Choose a new password",
    action: "Sign in",
    ifNotYou: "If it was not you, you can ignore this e-mail: no account was created and nobody got into yours.",
  },
  /** The code alone, asked for by a signed-in person before a sensitive change (a new password). */
  reauthentication: {
    subject: "Your DMV Events confirmation code",
    heading: "Confirm it is you",
    intro: "Enter this code to confirm a change to the DMV Events account {{email}}:",
    ifNotYou:
      "If you did not ask for it, someone may be signed in to your account: reset your password to sign everyone out.",
  },
  ticket_lookup: {
    subject: "Your DMV Events tickets",
    heading: "Find your tickets",
    intro: "Someone asked for the tickets ordered with {{email}} on DMV Events. Open them with the button below.",
    action: "Show my tickets",
    validity: "This link is valid for 24 hours and works once; asking again sends a new one.",
  },
  /** The order e-mails' shared words; `{{event}}` is the event's title. */
  order: {
    greeting: "Hello {{name}},",
    field: "{{label}}: {{value}}",
    details: "Your order",
    event: "Event",
    when: "When",
    where: "Where",
    orderNumber: "Order number",
    total: "Total",
    free: "Free",
    ticketsHeading: "Your tickets",
    ticketCode: "Ticket code",
    qrAlt: "QR code of ticket {{code}}",
    showAtDoor:
      "Show each ticket's QR code at the door, on your phone or printed. If it cannot be scanned, the code below it can be typed.",
    calendarNote: "The event is attached as event.ics: open it to add the event to your calendar.",
    privateLink: "The link opens your order without an account: keep this e-mail to yourself.",
    viewOrder: "View my order",
  },
  order_confirmed: {
    subject: "Your tickets for {{event}}",
    heading: "Your order is confirmed",
    intro: "Thank you! Your order for {{event}} is confirmed. Your tickets are below.",
  },
  order_cancelled: {
    subject: "Your order for {{event}} was cancelled",
    heading: "Your order was cancelled",
    intro: "Your order for {{event}} was cancelled, and its tickets are no longer valid.",
  },
  order_refunded: {
    subject: "Your order for {{event}} was refunded",
    heading: "Your order was refunded",
    intro:
      "The organizer refunded your order for {{event}}: {{amount}} goes back to the card you paid with, and the tickets are no longer valid.",
    timing: "A refund usually reaches the card within 5 to 10 business days.",
  },
  waitlist_offer: {
    subject: "A ticket for {{event}} is waiting for you",
    heading: "A ticket freed up for you",
    intro: "Good news: a ticket for {{event}} freed up, and we are holding it for you.",
    holdUntil: "Complete your order by {{time}}. After that, the ticket goes to the next person on the waitlist.",
    action: "Complete my order",
  },
};

export type EmailMessages = typeof en;
