import type { EmailMessages } from "./en";

export const fr: EmailMessages = {
  siteName: "DMV Events",
  rawLinkLabel: "Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :",
  ignoreNotice:
    "Si vous n'avez rien demandé, ignorez cet e-mail : rien ne se passe tant que le lien n'est pas utilisé.",
  footer: "Vous recevez cet e-mail parce que cette adresse a été saisie sur DMV Events.",
  signup: {
    subject: "Confirmez votre compte DMV Events",
    heading: "Confirmez votre adresse e-mail",
    intro:
      "Bienvenue sur DMV Events ! Confirmez que {{email}} est bien votre adresse pour terminer la création de votre compte.",
    action: "Confirmer mon compte",
    validity: "Ce lien est valable 24 heures et ne sert qu'une fois.",
  },
  magiclink: {
    subject: "Votre lien de connexion à DMV Events",
    heading: "Connectez-vous à DMV Events",
    intro:
      "Utilisez le bouton ci-dessous pour vous connecter en tant que {{email}}. Aucun mot de passe n'est nécessaire.",
    action: "Me connecter",
    validity: "Ce lien est valable 15 minutes et ne sert qu'une fois.",
  },
  recovery: {
    subject: "Réinitialisez votre mot de passe DMV Events",
    heading: "Réinitialisez votre mot de passe",
    intro:
      "Quelqu'un a demandé à réinitialiser le mot de passe du compte DMV Events {{email}}. Choisissez un nouveau mot de passe ici :",
    action: "Choisir un nouveau mot de passe",
    validity: "Ce lien est valable 15 minutes et ne sert qu'une fois.",
  },
  password_changed: {
    subject: "Le mot de passe de votre compte DMV Events a été modifié",
    heading: "Votre mot de passe a été modifié",
    intro:
      "Le mot de passe du compte DMV Events {{email}} vient d'être modifié, et les autres appareils ont été déconnectés.",
    ifYou: "Si c'était vous, vous n'avez rien d'autre à faire.",
    ifNotYou: "Si ce n'était pas vous, réinitialisez votre mot de passe dès maintenant pour reprendre votre compte :",
    action: "Réinitialiser mon mot de passe",
  },
};
