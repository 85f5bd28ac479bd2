import type { Db } from '../db/connection';
import {
  AdminError,
  listDevices,
  releaseDevice,
  setBranchPasscode,
  setDeviceEnabled,
} from '../services/devices/admin';

export const USAGE = `Usage: npm run admin -- <command> <arguments>

  device:list     <companyKey>                       the company's devices
  device:disable  <companyKey> <deviceId>            its token then answers 10030; it cannot register again
  device:enable   <companyKey> <deviceId>            undoes device:disable
  device:release  <companyKey> <deviceId>            revokes its token and frees the id (lost tablet storage)
  branch:passcode <companyKey> <branchId> <passcode> sets the branch's device passcode (5 of a-z, 0-9)

The database is the server's: DATABASE_URL when set, else PGlite in DATA_DIR (default ./data; stop the
server first, PGlite serves one process at a time).`;

export interface AdminContext {
  db: Db;
  passcodeKey: Buffer;
  now: Date;
}

type Command = { args: string[]; run: (ctx: AdminContext, args: string[]) => Promise<string> };

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
};

/** The outcome of one command line: what to print and the exit code (0 done, 1 refused, 2 usage). */
export interface AdminOutcome {
  code: 0 | 1 | 2;
  output: string;
}

/** The usage outcome (exit 2) when `argv` names no command or the wrong number of arguments, else null. */
export function usageProblem(argv: readonly string[]): AdminOutcome | null {
  const [name = '', ...args] = argv;
  const command = COMMANDS[name];
  if (!command) return { code: 2, output: name ? `Unknown command "${name}".\n\n${USAGE}` : USAGE };
  if (args.length !== command.args.length) {
    return { code: 2, output: `${name} takes ${command.args.map((a) => `<${a}>`).join(' ')}.\n\n${USAGE}` };
  }
  return null;
}

/** Runs `argv` (without node and script) against the database; never exits the process itself. */
export async function runAdmin(ctx: AdminContext, argv: readonly string[]): Promise<AdminOutcome> {
  const problem = usageProblem(argv);
  if (problem) return problem;
  const [name = '', ...args] = argv;
  const command = COMMANDS[name] as Command;
  try {
    return { code: 0, output: await command.run(ctx, args) };
  } catch (error) {
    if (error instanceof AdminError) return { code: 1, output: error.message };
    throw error;
  }
}
