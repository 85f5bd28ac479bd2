import { randomInt } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { EposProductType, type TillCheckInput } from '@venue-voice/domain';
import { DEMO_BRANCHES } from '../db/seed/demo-company';
import { DEMO_PRODUCTS } from '../db/seed/demo-menu';

/**
 * `npm run till:simulate`: a till for the demo (issue 30 item 6). It sends a few checks for the demo
 * branches to a running server's POST /integrations/transactions, as an EPOS would, and prints each
 * check's receipt PIN, table and branch with the guest link to try it on. Decision 0243.
 */

export const SIMULATE_USAGE = `Usage: npm run till:simulate -- [options]

Sends checks for the demo branches to a running server, as a till would, and prints their receipt PINs.

  --url <origin>        the server (default http://localhost:$PORT, PORT defaulting to 8080)
  --key <key>           an integration key with transactions:write (or VV_INTEGRATION_KEY); without
                        one, a key is made through the console as the demo owner (below)
  --email <e-mail>      the owner who makes the key (default owner@demo.test)
  --password <password> their password (default demo-owner-1234)
  --checks <n>          checks per branch (default 2, at most 20)
  --branches <ids>      comma-separated branch ids (default 1,2: the demo branches with a till)
`;

export interface SimulateOptions {
  url: string;
  key?: string | undefined;
  email: string;
  password: string;
  checksPerBranch: number;
  branchIds: number[];
  /** The time checks are opened at (a few minutes before it); injectable for tests. */
  now?: Date;
  fetch?: typeof fetch;
  log?: (line: string) => void;
}

/** What was sent for one check, as printed. */
export interface SimulatedCheck {
  branchId: number;
  branchName: string;
  checkId: string;
  pin: string;
  tableId: string;
  covers: number;
  total: number;
  guestLink: string;
}

/** A failure the user can act on, printed without a stack. */
export class SimulateError extends Error {}

const FOOD = DEMO_PRODUCTS.filter((p) => p.type === EposProductType.FOOD);
const DRINKS = DEMO_PRODUCTS.filter((p) => p.type === EposProductType.DRINK);
const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)] as T;
const round2 = (n: number) => Math.round(n * 100) / 100;
/** Demo receipts are 123456–123466 and 999999 (README): simulated PINs stay clear of them. */
const simulatedPin = () => String(randomInt(200_000, 900_000));

/** One check as a till sends it: covers, a dish and a drink for each, 12.5 % service. */
export function simulatedCheck(branchId: number, checkId: string, openedAt: Date): TillCheckInput {
  const covers = randomInt(1, 5);
  const lines = Array.from({ length: covers }, () => [pick(FOOD), pick(DRINKS)]).flat();
  const items = lines.map((p) => ({
    menuItemObjectNumber: p.ref,
    menuItemName: p.name,
    type: p.type,
    price: p.type === EposProductType.FOOD ? randomInt(8, 30) + 0.5 : randomInt(3, 9),
    quantity: 1,
  }));
  const subtotal = round2(items.reduce((sum, i) => sum + i.price, 0));
  const serviceCharge = round2(subtotal * 0.125);
  return {
    branchId,
    checkId,
    pin: simulatedPin(),
    tableId: String(randomInt(20, 60)),
    openedAt: openedAt.toISOString(),
    covers,
    subtotal,
    serviceCharge,
    total: round2(subtotal + serviceCharge),
    server: pick(['Priya', 'Sam', 'Mia', 'Dana', 'Lee']),
    items,
  };
}

async function body(
  response: Response,
): Promise<{ data?: unknown; error?: { code: number; message: string } }> {
  try {
    return (await response.json()) as never;
  } catch {
    return {};
  }
}

/** A transactions:write key made through the console (POST /console/integration-keys) as the owner. */
async function keyFromConsole(options: SimulateOptions, http: typeof fetch): Promise<string> {
  const origin = new URL(options.url).origin;
  const headers = { 'content-type': 'application/json', origin };
  const signIn = await http(`${origin}/api/v1/console/session`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: options.email, password: options.password }),
  });
  if (!signIn.ok)
    throw new SimulateError(
      `Signing in as ${options.email} failed (${signIn.status} ${(await body(signIn)).error?.message ?? ''}). ` +
        'Pass --email and --password of an owner, or --key with an integration key.',
    );
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const made = await http(`${origin}/api/v1/console/integration-keys`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ name: 'till:simulate', scopes: ['transactions:write'] }),
  });
  const answer = await body(made);
  const key = (answer.data as { key?: unknown } | undefined)?.key;
  if (!made.ok || typeof key !== 'string')
    throw new SimulateError(
      `Making an integration key failed (${made.status} ${answer.error?.message ?? ''}). ` +
        'Make one in the console (Integrations, scope transactions:write) and pass it with --key.',
    );
  return key;
}

/** Sends the checks and answers what was sent; throws SimulateError on a refusal. */
export async function simulateTill(options: SimulateOptions): Promise<SimulatedCheck[]> {
  const http = options.fetch ?? fetch;
  const log = options.log ?? (() => {});
  const origin = new URL(options.url).origin;
  const key = options.key ?? (await keyFromConsole(options, http));
  const now = options.now ?? new Date();
  const run = now.getTime().toString(36).toUpperCase();
  const sent: SimulatedCheck[] = [];
  for (const branchId of options.branchIds) {
    const branchName = DEMO_BRANCHES.find((b) => b.id === branchId)?.name ?? `branch ${branchId}`;
    for (let n = 1; n <= options.checksPerBranch; n++) {
      const check = simulatedCheck(
        branchId,
        `SIM-${run}-${branchId}-${n}`,
        new Date(now.getTime() - 20 * 60_000),
      );
      const response = await http(`${origin}/api/v1/integrations/transactions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify(check),
      });
      if (!response.ok) {
        const { error } = await body(response);
        throw new SimulateError(
          `The server refused check ${check.checkId} at branch ${branchId}: ${response.status} ${error?.code ?? ''} ${error?.message ?? ''}`,
        );
      }
      const done: SimulatedCheck = {
        branchId,
        branchName,
        checkId: String(check.checkId),
        pin: check.pin as string,
        tableId: String(check.tableId),
        covers: check.covers,
        total: check.total as number,
        guestLink: `${origin}/demo-bistro?branchId=${branchId}`,
      };
      sent.push(done);
      log(
        `${branchName} (branch ${branchId}): receipt PIN ${done.pin}, table ${done.tableId}, ` +
          `${done.covers} covers, £${done.total.toFixed(2)} — ${done.guestLink}`,
      );
    }
  }
  return sent;
}

/** The options of a command line; throws SimulateError on a bad one. */
export function parseSimulateArgs(
  argv: string[],
  env: NodeJS.ProcessEnv,
): SimulateOptions & { help: boolean } {
  const parse = () =>
    parseArgs({
      args: argv,
      options: {
        url: { type: 'string' },
        key: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        checks: { type: 'string' },
        branches: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  let values: ReturnType<typeof parse>;
  try {
    values = parse();
  } catch (error) {
    throw new SimulateError(`${(error as Error).message}\n\n${SIMULATE_USAGE}`);
  }
  const checks = Number(values.checks ?? 2);
  if (!Number.isInteger(checks) || checks < 1 || checks > 20)
    throw new SimulateError('--checks is a whole number from 1 to 20');
  const branchIds = (values.branches ?? '1,2').split(',').map((s) => Number(s.trim()));
  if (branchIds.some((id) => !Number.isInteger(id) || id < 1))
    throw new SimulateError('--branches is a comma-separated list of branch ids');
  const url = values.url ?? `http://localhost:${env.PORT ?? 8080}`;
  try {
    new URL(url);
  } catch {
    throw new SimulateError(`--url ${url} is no URL`);
  }
  return {
    help: values.help === true,
    url,
    key: values.key ?? env.VV_INTEGRATION_KEY,
    email: values.email ?? 'owner@demo.test',
    password: values.password ?? 'demo-owner-1234',
    checksPerBranch: checks,
    branchIds,
  };
}

async function main(): Promise<void> {
  const options = parseSimulateArgs(process.argv.slice(2), process.env);
  if (options.help) {
    console.log(SIMULATE_USAGE);
    return;
  }
  console.log(`Sending checks to ${options.url} …`);
  await simulateTill({ ...options, log: console.log });
  console.log(
    '\nOpen a guest link, enter the receipt PIN and rate the dishes; ' +
      `at Demo Bistro Soho the table numbers are found too: ${new URL(options.url).origin}/demo-table`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    // fetch's own failure (refused, unknown host, reset): no server answered at that address.
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    console.error(
      error instanceof SimulateError
        ? error.message
        : error instanceof TypeError && cause
          ? `No server answered (${cause.code ?? cause.message}): start it (npm start) or pass --url`
          : String(error),
    );
    process.exit(1);
  });
}
