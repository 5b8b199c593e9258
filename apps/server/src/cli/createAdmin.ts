// The first administrator of a database without users (production starts with none):
//   npm run create-admin -- --email you@example.com [--first-name Ada] [--last-name Lovelace] [--role administrator]
// The password is asked for twice on a terminal, or read from the first line of standard input
// (`printf '%s\n' "$PASSWORD" | npm run create-admin -- --email …`); never from the command line, where `ps` shows it.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { dataDirOf } from '../config.js';
import { DataDirInUseError, openDatabase } from '../db/database.js';
import { prepareDatabase } from '../db/prepare.js';
import { CreateAdministratorError, createAdministrator } from './createAdministrator.js';

const usage =
  'Usage: npm run create-admin -- --email you@example.com [--first-name NAME] [--last-name NAME] ' +
  '[--role super_admin|administrator]; the password is prompted for, or read from standard input.';
function fail(message: string): never {
  process.stderr.write(`create-admin: ${message}\n`);
  process.exit(1);
}

const values = parseOptions();
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
if (!values.email) fail(`--email is required.\n${usage}`);

const password = await readPassword();
const databaseUrl = process.env.DATABASE_URL || null;
const database = await openDatabase({ databaseUrl, dataDir: dataDirOf() }).catch((error: unknown) =>
  fail(error instanceof DataDirInUseError ? error.message : `cannot open the database: ${(error as Error).message}`),
);
try {
  // A database nobody has started yet gets its tables first.
  await prepareDatabase(database, { seedDemo: false });
  const { id, email } = await createAdministrator(database.db, {
    email: values.email as string,
    password,
    role: values.role as 'super_admin',
    firstName: values['first-name'],
    lastName: values['last-name'],
  });
  process.stdout.write(`Created ${values.role} ${email} (user ${id}); sign in with that email and password.\n`);
} catch (error) {
  if (!(error instanceof CreateAdministratorError)) throw error;
  await database.close();
  fail(error.message);
}
await database.close();

function parseOptions() {
  try {
    return parseArgs({
      options: {
        email: { type: 'string' },
        'first-name': { type: 'string', default: 'Administrator' },
        'last-name': { type: 'string', default: '' },
        role: { type: 'string', default: 'super_admin' },
        help: { type: 'boolean' },
      },
    }).values;
  } catch (error) {
    return fail(`${(error as Error).message}\n${usage}`);
  }
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) return line;
    return fail('no password on standard input.');
  }
  const first = await askHidden('Password (at least 8 characters): ');
  const second = await askHidden('Password again: ');
  if (first !== second) fail('the two passwords differ.');
  return first;
}

/** Reads one line from the terminal without echoing it. */
function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const terminal = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = terminal as unknown as { _writeToOutput: (text: string) => void };
    process.stdout.write(prompt);
    output._writeToOutput = () => {};
    terminal.question('', (answer) => {
      terminal.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}
