import type { EmailMessages } from "./en";

export const am: EmailMessages = {
  siteName: "DMV Events",
  rawLinkLabel: "አዝራሩ ካልሠራ ይህን አድራሻ ገልብጠው በአሳሽዎ ውስጥ ያስገቡ፦",
  ignoreNotice: "ይህን ካልጠየቁ ኢሜይሉን ችላ ይበሉ፦ ሊንኩ ጥቅም ላይ እስካልዋለ ድረስ ምንም አይለወጥም።",
  footer: "ይህ ኢሜይል የደረሰዎት ይህ አድራሻ በDMV Events ላይ ስለገባ ነው።",
  signup: {
    subject: "የDMV Events መለያዎን ያረጋግጡ",
    heading: "የኢሜይል አድራሻዎን ያረጋግጡ",
    intro: "እንኳን ወደ DMV Events በደህና መጡ! መለያዎን መፍጠር ለመጨረስ {{email}} የእርስዎ አድራሻ መሆኑን ያረጋግጡ።",
    action: "መለያዬን አረጋግጥ",
    validity: "ይህ ሊንክ ለ24 ሰዓታት የሚያገለግል ሲሆን አንድ ጊዜ ብቻ ይሠራል።",
  },
  magiclink: {
    subject: "የDMV Events መግቢያ ሊንክዎ",
    heading: "ወደ DMV Events ይግቡ",
    intro: "እንደ {{email}} ለመግባት ከታች ያለውን አዝራር ይጠቀሙ። የይለፍ ቃል አያስፈልግም።",
    action: "ግባ",
    validity: "ይህ ሊንክ ለ15 ደቂቃዎች የሚያገለግል ሲሆን አንድ ጊዜ ብቻ ይሠራል።",
  },
  recovery: {
    subject: "የDMV Events የይለፍ ቃልዎን ዳግም ያስጀምሩ",
    heading: "የይለፍ ቃልዎን ዳግም ያስጀምሩ",
    intro: "አንድ ሰው የDMV Events መለያ {{email}} የይለፍ ቃል ዳግም እንዲጀመር ጠይቋል። አዲስ የይለፍ ቃል እዚህ ይምረጡ፦",
    action: "አዲስ የይለፍ ቃል ምረጥ",
    validity: "ይህ ሊንክ ለ15 ደቂቃዎች የሚያገለግል ሲሆን አንድ ጊዜ ብቻ ይሠራል።",
  },
  password_changed: {
    subject: "የDMV Events የይለፍ ቃልዎ ተቀይሯል",
    heading: "የይለፍ ቃልዎ ተቀይሯል",
    intro: "የDMV Events መለያ {{email}} የይለፍ ቃል አሁን ተቀይሯል፤ ከሌሎች መሣሪያዎችም ወጥተዋል።",
    ifYou: "ይህን ያደረጉት እርስዎ ከሆኑ ሌላ ምንም ማድረግ አያስፈልግዎትም።",
    ifNotYou: "እርስዎ ካልሆኑ መለያዎን ለማስመለስ የይለፍ ቃልዎን አሁኑኑ ዳግም ያስጀምሩ፦",
    action: "የይለፍ ቃሌን ዳግም አስጀምር",
  },
};
