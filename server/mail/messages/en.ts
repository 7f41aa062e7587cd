/**
 * The account e-mails' words in English, which define the keys; every other language gives exactly
 * these keys (typed here, and checked by email-messages.test.ts). `{{email}}` is the recipient.
 */
export const en = {
  siteName: "DMV Events",
  rawLinkLabel: "If the button does not work, copy this address into your browser:",
  ignoreNotice: "If you did not ask for this, ignore this e-mail: nothing happens until the link is used.",
  footer: "You receive this e-mail because this address was entered on DMV Events.",
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
};

export type EmailMessages = typeof en;
