import type { EmailMessages } from "./en";

export const fr: EmailMessages = {
  siteName: "DMV Events",
  rawLinkLabel: "Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :",
  ignoreNotice:
    "Si vous n'avez rien demandé, ignorez cet e-mail : rien ne se passe tant que le lien n'est pas utilisé.",
  footer: "Vous recevez cet e-mail parce que cette adresse a été saisie sur DMV Events.",
  settingsLine: "Choisissez les e-mails que vous recevez :",
  codeLabel: "Si l'on vous demande un code, saisissez celui-ci :",
  codeValidity: "Le code est valable 15 minutes et ne sert qu'une fois.",
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
  account_exists: {
    subject: "Quelqu'un a tenté de créer un compte DMV Events avec votre adresse",
    heading: "Vous avez déjà un compte",
    intro:
      "Quelqu'un a tenté de créer un nouveau compte DMV Events avec {{email}}, mais cette adresse en a déjà un. Rien n'a été modifié.",
    ifYou: "Si c'était vous, connectez-vous plutôt à votre compte existant.",
    forgot: "Mot de passe oublié ?",
    reset: "Choisir un nouveau mot de passe",
    action: "Me connecter",
    ifNotYou:
      "Si ce n'était pas vous, vous pouvez ignorer cet e-mail : aucun compte n'a été créé et personne n'a accédé au vôtre.",
  },
  reauthentication: {
    subject: "Votre code de confirmation DMV Events",
    heading: "Confirmez que c'est bien vous",
    intro: "Saisissez ce code pour confirmer une modification du compte DMV Events {{email}} :",
    ifNotYou:
      "Si vous ne l'avez pas demandé, quelqu'un est peut-être connecté à votre compte : réinitialisez votre mot de passe pour déconnecter tout le monde.",
  },
  ticket_lookup: {
    subject: "Vos billets DMV Events",
    heading: "Retrouvez vos billets",
    intro:
      "Quelqu'un a demandé les billets commandés avec {{email}} sur DMV Events. Ouvrez-les avec le bouton ci-dessous.",
    action: "Afficher mes billets",
    validity: "Ce lien est valable 24 heures et ne sert qu'une fois ; une nouvelle demande en envoie un autre.",
  },
  order: {
    greeting: "Bonjour {{name}},",
    field: "{{label}} : {{value}}",
    details: "Votre commande",
    event: "Événement",
    when: "Quand",
    where: "Où",
    orderNumber: "Numéro de commande",
    total: "Total",
    free: "Gratuit",
    ticketsHeading: "Vos billets",
    ticketCode: "Code du billet",
    qrAlt: "Code QR du billet {{code}}",
    showAtDoor:
      "Présentez le code QR de chaque billet à l'entrée, sur votre téléphone ou imprimé. S'il ne peut pas être scanné, le code inscrit dessous peut être saisi.",
    calendarNote: "L'événement est joint sous le nom event.ics : ouvrez-le pour l'ajouter à votre agenda.",
    privateLink: "Le lien ouvre votre commande sans compte : gardez cet e-mail pour vous.",
    viewOrder: "Voir ma commande",
  },
  order_confirmed: {
    subject: "Vos billets pour {{event}}",
    heading: "Votre commande est confirmée",
    intro: "Merci ! Votre commande pour {{event}} est confirmée. Vos billets figurent ci-dessous.",
  },
  order_cancelled: {
    subject: "Votre commande pour {{event}} a été annulée",
    heading: "Votre commande a été annulée",
    intro: "Votre commande pour {{event}} a été annulée, et ses billets ne sont plus valables.",
  },
  order_refunded: {
    subject: "Votre commande pour {{event}} a été remboursée",
    heading: "Votre commande a été remboursée",
    intro:
      "L'organisateur a remboursé votre commande pour {{event}} : {{amount}} sont reversés sur la carte utilisée pour payer, et les billets ne sont plus valables.",
    timing: "Un remboursement parvient généralement sur la carte sous 5 à 10 jours ouvrés.",
  },
  waitlist_offer: {
    subject: "Un billet pour {{event}} vous attend",
    heading: "Un billet s'est libéré pour vous",
    intro: "Bonne nouvelle : un billet pour {{event}} s'est libéré, et nous vous le réservons.",
    holdUntil:
      "Finalisez votre commande avant le {{time}}. Passé ce délai, le billet ira à la personne suivante sur la liste d'attente.",
    action: "Finaliser ma commande",
  },
};
