// `npm run staff:grant -- person@example.com`: makes an existing account staff, so it can open /admin.
// On the embedded database, stop the server first (it holds the database); or set STAFF_EMAILS and restart.
import { openDatabase } from "#server/db/client";
import { readConfig } from "#server/env";
import { grantStaffByEmail } from "#server/services/staff";

const emails = process.argv.slice(2).filter((argument) => argument !== "--");
if (emails.length === 0) {
  console.error("Usage: npm run staff:grant -- person@example.com [more addresses]");
  process.exit(2);
}

const config = readConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, embeddedDir: config.embeddedDatabaseDir });
let failed = false;
try {
  await database.migrate();
  for (const email of emails) {
    const result = await grantStaffByEmail(database.db, email, new Date());
    if (result === "no_account") {
      failed = true;
      console.error(`${email}: no account has this address; sign up first, then run this again.`);
    } else {
      console.log(`${email}: ${result === "granted" ? "is now staff" : "was already staff"}.`);
    }
  }
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
