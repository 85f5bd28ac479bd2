import { parseArgs } from 'node:util';
import { digestPeriod, localMoment } from '@venue-voice/domain';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { createDatabase } from '../db/connection';
import { migrate } from '../db/migrate';
import { companies } from '../db/schema';
import { seedDemo } from '../db/seed';
import { DEMO_SIGN_INS } from '../db/seed/demo-operators';
import { digestContent, digestMail, readDigestSetting } from '../services/digests';
import { findOperatorByEmail, toConsoleOperator } from '../services/operators/principal';

const USAGE = 'Usage: npm run digest:preview -- [--daily] [--html] [--email <operator e-mail>]';

/**
 * `npm run digest:preview`: prints the digest the demo owner (or `--email`) would get today for the
 * last whole week (`--daily`: yesterday) in their first branch's zone: subject and plain text, or the
 * HTML part with `--html`. Sends and records nothing. The server's database (stop it first on PGlite).
 */
async function run(): Promise<void> {
  let options: { daily?: boolean; html?: boolean; email?: string };
  try {
    options = parseArgs({
      options: { daily: { type: 'boolean' }, html: { type: 'boolean' }, email: { type: 'string' } },
    }).values;
  } catch {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    await migrate(database);
    await seedDemo(database.db);
    const email = (options.email ?? DEMO_SIGN_INS.owner.email).trim().toLowerCase();
    const row = await findOperatorByEmail(database.db, email);
    if (!row) {
      console.error(`No operator ${email}. ${USAGE}`);
      process.exit(2);
    }
    const operator = await toConsoleOperator(database.db, row);
    const { timeZone } = await readDigestSetting(database.db, operator);
    const now = new Date();
    const period = digestPeriod(options.daily ? 'daily' : 'weekly', localMoment(now, timeZone).date);
    const [company] = await database.db
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, operator.companyId));
    const mail = digestMail({
      content: await digestContent(database.db, operator, period, now),
      language: operator.language,
      to: operator.email,
      companyName: company?.name ?? '',
      origin: config.publicUrl ?? `http://localhost:${config.port}`,
    });
    console.log(options.html ? mail.html : `Subject: ${mail.subject}\n\n${mail.text}`);
  } finally {
    await database.close();
  }
}

run().catch((error) => {
  console.error(error);
  process.exit(1);
});
