import type { Db } from '../db/connection';
import {
  AdminError,
  listDevices,
  releaseDevice,
  setBranchPasscode,
  setDeviceEnabled,
} from '../services/devices/admin';
import { companyCreate, operatorCreate } from './operator-commands';

export const USAGE = `Usage: npm run admin -- <command> <arguments>

  device:list     <companyKey>                       the company's devices
  device:disable  <companyKey> <deviceId>            its token then answers 10030; it cannot register again
  device:enable   <companyKey> <deviceId>            undoes device:disable
  device:release  <companyKey> <deviceId>            revokes its token and frees the id (lost tablet storage)
  branch:passcode <companyKey> <branchId> <passcode> sets the branch's device passcode (5 of a-z, 0-9)
  company:create  <companyKey> <name>                a new company, without branches (its owner adds them)
  operator:create <companyKey> <email> --role owner|manager|viewer [--branches 1,2] [--name "Full Name"]
                                                     adds a console operator and prints their one-time
                                                     set-password link (24 h; PUBLIC_URL or localhost:PORT)

The database is the server's: DATABASE_URL when set, else PGlite in DATA_DIR (default ./data; stop the
server first, PGlite serves one process at a time).`;

export interface AdminContext {
  db: Db;
  passcodeKey: Buffer;
  now: Date;
  /** The origin of the console links it prints: PUBLIC_URL, else http://localhost:<PORT> (admin.ts). */
  linkOrigin?: string;
}

type Command = {
  args: string[];
  /** `--name value` options it takes, and which of them it needs. */
  options?: { known: string[]; required: string[] };
  run: (ctx: AdminContext, args: string[], options: Record<string, string>) => Promise<string>;
};

const COMMANDS: Record<string, Command> = {
  'device:list': {
    args: ['companyKey'],
    run: async ({ db }, [companyKey = '']) => {
      const rows = await listDevices(db, companyKey);
      if (rows.length === 0) return `Company "${companyKey}" has no devices.`;
      return rows
        .map((d) =>
          [
            `branch ${d.branchId}`,
            d.deviceId,
            d.registered ? 'registered' : 'deregistered',
            d.enabled ? 'enabled' : 'DISABLED',
            `uuid ${d.uuid ?? '-'}`,
            `settings passcode ${d.settingsPasscode ?? '-'}`,
            `since ${(d.registered ? d.registeredAt : (d.deregisteredAt ?? d.registeredAt)).toISOString()}`,
          ].join('  '),
        )
        .join('\n');
    },
  },
  'device:disable': {
    args: ['companyKey', 'deviceId'],
    run: async ({ db, now }, [companyKey = '', deviceId = '']) => {
      await setDeviceEnabled(db, { companyKey, deviceId, enabled: false, now });
      return `Device "${deviceId}" of ${companyKey} is disabled.`;
    },
  },
  'device:enable': {
    args: ['companyKey', 'deviceId'],
    run: async ({ db, now }, [companyKey = '', deviceId = '']) => {
      await setDeviceEnabled(db, { companyKey, deviceId, enabled: true, now });
      return `Device "${deviceId}" of ${companyKey} is enabled.`;
    },
  },
  'device:release': {
    args: ['companyKey', 'deviceId'],
    run: async ({ db, now }, [companyKey = '', deviceId = '']) => {
      await releaseDevice(db, { companyKey, deviceId, now });
      return `Device "${deviceId}" of ${companyKey} is deregistered; its id can be registered again.`;
    },
  },
  'branch:passcode': {
    args: ['companyKey', 'branchId', 'passcode'],
    run: async ({ db, passcodeKey, now }, [companyKey = '', branchId = '', passcode = '']) => {
      const branch = await setBranchPasscode(db, passcodeKey, { companyKey, branchId, passcode, now });
      return `Branch ${branch.id} (${branch.name}) has a new device passcode.`;
    },
  },
  'company:create': {
    args: ['companyKey', 'name'],
    run: (ctx, [key = '', name = '']) => companyCreate(ctx, key, name),
  },
  'operator:create': {
    args: ['companyKey', 'email'],
    options: { known: ['role', 'branches', 'name'], required: ['role'] },
    run: operatorCreate,
  },
};

/** A command line's positional arguments and `--option value` pairs, or why it cannot be read. */
function splitArgs(argv: readonly string[]): { args: string[]; options: Record<string, string> } | string {
  const args: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] ?? '';
    if (!word.startsWith('--')) {
      args.push(word);
      continue;
    }
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) return `${word} needs a value`;
    options[word.slice(2)] = value;
    i++;
  }
  return { args, options };
}

/** The outcome of one command line: what to print and the exit code (0 done, 1 refused, 2 usage). */
export interface AdminOutcome {
  code: 0 | 1 | 2;
  output: string;
}

/** The usage outcome (exit 2) when `argv` names no command or the wrong number of arguments, else null. */
export function usageProblem(argv: readonly string[]): AdminOutcome | null {
  const [name = '', ...rest] = argv;
  const command = COMMANDS[name];
  if (!command) return { code: 2, output: name ? `Unknown command "${name}".\n\n${USAGE}` : USAGE };
  const split = splitArgs(rest);
  const usage = (problem: string) => ({ code: 2 as const, output: `${problem}\n\n${USAGE}` });
  if (typeof split === 'string') return usage(split);
  if (split.args.length !== command.args.length) {
    return usage(`${name} takes ${command.args.map((a) => `<${a}>`).join(' ')}.`);
  }
  const known = command.options?.known ?? [];
  const unknown = Object.keys(split.options).find((o) => !known.includes(o));
  if (unknown) return usage(`${name} has no option --${unknown}.`);
  const missing = command.options?.required.find((o) => split.options[o] === undefined);
  if (missing) return usage(`${name} needs --${missing}.`);
  return null;
}

/** Runs `argv` (without node and script) against the database; never exits the process itself. */
export async function runAdmin(ctx: AdminContext, argv: readonly string[]): Promise<AdminOutcome> {
  const problem = usageProblem(argv);
  if (problem) return problem;
  const [name = '', ...rest] = argv;
  const command = COMMANDS[name] as Command;
  const { args, options } = splitArgs(rest) as Exclude<ReturnType<typeof splitArgs>, string>;
  try {
    return { code: 0, output: await command.run(ctx, args, options) };
  } catch (error) {
    if (error instanceof AdminError) return { code: 1, output: error.message };
    throw error;
  }
}
