/**
 * Operator commands (German output; exit code 1 with one sentence on any error):
 *   npm run cli -- migrate
 *   npm run cli -- seed
 *   npm run cli -- create-user --username NAME --role ROLE_ADMIN [--password PW] [--email ADR] [--branch KENNUNG]...
 *   npm run cli -- reset-password --username NAME [--password PW]
 *   npm run cli -- issue-token --username NAME
 *   npm run cli -- backup [file]
 *   npm run cli -- restore file [--force]
 * Reads DATABASE_URL / DATA_DIR like the server. The embedded database can only be opened by one process:
 * stop the server first (except for `backup`, which asks a running server to write it).
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { In, type DataSource } from 'typeorm';
import { z } from 'zod';
import { generatePassword, PasswordHasher, passwordSchema } from './auth/passwords.js';
import { ROLES } from './core/permissions.js';
import { RequestContext } from './core/request-context.js';
import { accountThrottleKey } from './auth/login-throttle.service.js';
import { Branch } from './branches/branch.entity.js';
import { ConfigError } from './env/config-error.js';
import { type AppConfig, loadConfig } from './env/config.js';
import { SystemClock } from './core/clock.js';
import { DomainError } from './core/errors.js';
import { parseInput } from './core/validation.js';
import { lockDataDir } from './database/data-dir-lock.js';
import { migrate, openDatabase } from './database/data-source.js';
import { ENTITIES } from './schema/entities.js';
import { AuditService } from './logs/audit.service.js';
import { seedDemo } from './seed/seed.js';
import { endCredentials, issueApiToken, loginKey, usernameTaken } from './auth/accounts.js';
import { DEMO_USERS } from './users/seed-users.js';
import { usernameSchema } from './users/user.resource.js';
import { toUserJson } from './auth/user-json.js';
import { User } from './auth/user.entity.js';
import { BackupError } from './backup/backup-archive.js';
import { backupCommand, restoreCommand } from './backup/backup-commands.js';

const USAGE = `Verwendung: npm run cli -- <Befehl> [Optionen]

Befehle:
  migrate                      Datenbank-Migrationen ausführen
  seed                         Demodaten in eine leere Datenbank schreiben
  create-user                  Benutzer anlegen
      --username NAME          Benutzername (Pflicht)
      --role ROLLE             ${ROLES.join(', ')} (Pflicht, mehrfach möglich)
      --password PASSWORT      mindestens 10 Zeichen; ohne Angabe wird eines erzeugt und ausgegeben
      --email ADRESSE          E-Mail-Adresse (für Anmeldelinks)
      --branch KENNUNG         Filiale (Kennung), mehrfach möglich
      --first-name, --last-name
  reset-password               Passwort neu setzen (beendet alle Sitzungen und den API-Token)
      --username NAME
      --password PASSWORT      ohne Angabe wird eines erzeugt und ausgegeben
  issue-token                  neuen persönlichen API-Token ausstellen (ersetzt den bisherigen)
      --username NAME
  backup [DATEI]               Sicherung von Datenbank und Bildern in eine .tar.gz-Datei (ohne DATEI:
                               backup-<Zeit>.tar.gz in BACKUP_DIR, sonst im aktuellen Ordner)
  restore DATEI                Sicherung zurückspielen (ersetzt Datenbank und Bilder vollständig)
      --force                  auch wenn die Datenbank schon Daten enthält

Datenbank wie beim Server: DATABASE_URL, sonst die eingebettete Datenbank in DATA_DIR.`;

/** A failure the operator reads: one German sentence, exit code 1. */
class CliError extends Error {}

const OPTION_OF: Record<string, string> = {
  username: '--username',
  password: '--password',
  roles: '--role',
  email: '--email',
};

/** Validates like the API does, naming the command-line option on failure. */
function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  try {
    return parseInput(schema, input);
  } catch (error) {
    if (error instanceof DomainError) {
      const first = error.errors[0]!;
      const option = first.field ? (OPTION_OF[first.field.split('.')[0]!] ?? first.field) : undefined;
      throw new CliError(option ? `Ungültige Angabe für ${option}: ${first.message}` : first.message);
    }
    throw error;
  }
}

interface Options {
  username?: string;
  password?: string;
  role?: string[];
  email?: string;
  branch?: string[];
  'first-name'?: string;
  'last-name'?: string;
  force?: boolean;
  help?: boolean;
}

async function withDatabase<T>(
  config: AppConfig,
  run: (dataSource: DataSource, migrated: string[]) => Promise<T>,
): Promise<T> {
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  try {
    const db = await openDatabase(
      config.databaseUrl
        ? { kind: 'server', url: config.databaseUrl }
        : { kind: 'embedded', dataDir: config.dataDir, durable: config.dataFsync },
      ENTITIES,
    );
    try {
      const migrated = await migrate(db.dataSource);
      return await run(db.dataSource, migrated);
    } finally {
      await db.close();
    }
  } finally {
    unlock();
  }
}

async function findByUsername(dataSource: DataSource, username: string | undefined): Promise<User> {
  if (!username) throw new CliError('Bitte den Benutzer mit --username angeben.');
  const user = await dataSource
    .getRepository(User)
    .createQueryBuilder('u')
    .where('LOWER(u.username) = :name', { name: loginKey(username) })
    .getOne();
  if (!user) throw new CliError(`Es gibt keinen Benutzer „${username}“.`);
  return user;
}

const cliContext = () => new RequestContext(null, 'none', 'cli');

async function createUser(config: AppConfig, options: Options): Promise<void> {
  if (!options.username) throw new CliError('Bitte den Benutzernamen mit --username angeben.');
  if (!options.role?.length)
    throw new CliError(`Bitte mindestens eine Rolle mit --role angeben (${ROLES.join(', ')}).`);
  const generated = options.password === undefined ? generatePassword(randomBytes) : undefined;
  const input = validate(
    z.object({
      username: usernameSchema,
      password: passwordSchema,
      roles: z.array(z.enum(ROLES)).min(1),
      email: z.email().max(200).optional(),
    }),
    {
      username: options.username,
      password: options.password ?? generated,
      roles: options.role,
      email: options.email,
    },
  );
  const hash = await new PasswordHasher(config.bcryptCost).hash(input.password);
  await withDatabase(config, async (dataSource) => {
    const identifiers = [...new Set(options.branch ?? [])];
    const branches = identifiers.length
      ? await dataSource.getRepository(Branch).findBy({ identifier: In(identifiers) })
      : [];
    const missing = identifiers.filter((i) => !branches.some((b) => b.identifier === i));
    if (missing.length)
      throw new CliError(`Es gibt keine Filiale mit der Kennung „${missing.join('“, „')}“.`);
    await dataSource.transaction(async (em) => {
      if (await usernameTaken(em, input.username))
        throw new CliError(`Der Benutzername „${input.username}“ ist bereits vergeben.`);
      const email = input.email?.toLowerCase() ?? null;
      if (email && (await em.getRepository(User).existsBy({ email }))) {
        throw new CliError(
          `Die E-Mail-Adresse „${email}“ wird bereits von einem anderen Benutzer verwendet.`,
        );
      }
      const user = await em.save(
        em.create(User, {
          username: input.username,
          email,
          firstName: options['first-name'] ?? '',
          lastName: options['last-name'] ?? '',
          passwordHash: hash,
          roles: [...new Set(input.roles)],
          branches,
        }),
      );
      await new AuditService().record(em, cliContext(), {
        action: 'create',
        entityType: 'users',
        entityId: user.id,
        changes: toUserJson(user) as Record<string, unknown>,
      });
    });
  });
  console.log(`Benutzer „${input.username}“ angelegt (${input.roles.join(', ')}).`);
  if (generated) console.log(`Passwort: ${generated}`);
}

async function resetPassword(config: AppConfig, options: Options): Promise<void> {
  const generated = options.password === undefined ? generatePassword(randomBytes) : undefined;
  const password = validate(z.object({ password: passwordSchema }), {
    password: options.password ?? generated,
  }).password;
  const hash = await new PasswordHasher(config.bcryptCost).hash(password);
  const username = await withDatabase(config, async (dataSource) => {
    const user = await findByUsername(dataSource, options.username);
    await dataSource.transaction(async (em) => {
      await em.update(User, { id: user.id }, { passwordHash: hash });
      await endCredentials(em, user.id);
      // The failed attempts that may have led here no longer count.
      await em.query(`DELETE FROM auth_login_throttle WHERE "key" = $1 OR "key" LIKE $2`, [
        accountThrottleKey(user.id),
        `${accountThrottleKey(user.id)}@%`,
      ]);
      await new AuditService().record(em, cliContext(), {
        action: 'password-reset',
        entityType: 'users',
        entityId: user.id,
        changes: {},
      });
    });
    return user.username;
  });
  console.log(
    `Das Passwort von „${username}“ wurde neu gesetzt; alle Sitzungen und der API-Token des Benutzers sind beendet.`,
  );
  if (generated) console.log(`Passwort: ${generated}`);
}

async function issueToken(config: AppConfig, options: Options): Promise<void> {
  const { username, token } = await withDatabase(config, async (dataSource) => {
    const user = await findByUsername(dataSource, options.username);
    const issued = await dataSource.transaction(async (em) => {
      const value = await issueApiToken(em, user.id);
      await new AuditService().record(em, cliContext(), {
        action: 'api-token-issued',
        entityType: 'users',
        entityId: user.id,
        changes: {},
      });
      return value;
    });
    return { username: user.username, token: issued };
  });
  console.log(`Neuer API-Token für „${username}“ (wird nur jetzt angezeigt; der bisherige gilt nicht mehr):`);
  console.log(token);
}

async function seed(config: AppConfig): Promise<void> {
  await withDatabase(config, async (dataSource) => {
    const branches = await dataSource.getRepository(Branch).count();
    const users = await dataSource.getRepository(User).count();
    if (branches > 0 || users > 0) {
      throw new CliError(
        'Die Datenbank enthält bereits Daten; Demodaten werden nur in eine leere Datenbank geschrieben.',
      );
    }
    await seedDemo(dataSource, new SystemClock());
  });
  console.log('Demodaten geschrieben. Anmeldung:');
  for (const u of DEMO_USERS) console.log(`  ${u.username} / ${u.password} (${u.roles.join(', ')})`);
}

async function main(argv: string[]): Promise<number> {
  let parsed: { values: Options; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        username: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string', multiple: true },
        email: { type: 'string' },
        branch: { type: 'string', multiple: true },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        force: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }) as { values: Options; positionals: string[] };
  } catch (error) {
    const option = /'(-[^']+)'/.exec((error as Error).message)?.[1];
    console.error(
      option ? `Unbekannte oder unvollständige Option ${option}.` : 'Die Optionen sind unvollständig.',
    );
    console.error(USAGE);
    return 1;
  }
  const [command, ...rest] = parsed.positionals;
  if (!command || parsed.values.help || command === 'help') {
    console.log(USAGE);
    return command || parsed.values.help ? 0 : 1;
  }
  const takesFile = command === 'backup' || command === 'restore';
  if (rest.length > (takesFile ? 1 : 0))
    throw new CliError(`Unerwartete Angabe „${rest[takesFile ? 1 : 0]}“.`);
  const config = loadConfig();
  switch (command) {
    case 'migrate': {
      const ran = await withDatabase(config, async (_ds, migrated) => migrated);
      console.log(
        ran.length
          ? `${ran.length} Migration(en) ausgeführt: ${ran.join(', ')}.`
          : 'Die Datenbank ist auf dem neuesten Stand.',
      );
      return 0;
    }
    case 'seed':
      await seed(config);
      return 0;
    case 'create-user':
      await createUser(config, parsed.values);
      return 0;
    case 'reset-password':
      await resetPassword(config, parsed.values);
      return 0;
    case 'issue-token':
      await issueToken(config, parsed.values);
      return 0;
    case 'backup': {
      const { file, manifest } = await backupCommand(config, rest[0], new SystemClock());
      console.log(`Sicherung geschrieben: ${file} (Datenbank und ${manifest.mediaFiles} Mediendateien).`);
      return 0;
    }
    case 'restore': {
      if (!rest[0]) throw new CliError('Bitte die Sicherungsdatei angeben: npm run cli -- restore DATEI');
      const manifest = await restoreCommand(config, rest[0], parsed.values.force ?? false);
      console.log(
        `Sicherung vom ${manifest.createdAt} zurückgespielt (Datenbank und ${manifest.mediaFiles} Mediendateien).`,
      );
      return 0;
    }
    default:
      console.error(`Unbekannter Befehl „${command}“.`);
      console.error(USAGE);
      return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof CliError || error instanceof ConfigError || error instanceof BackupError)
      console.error(error.message);
    else if (error instanceof DomainError) console.error(error.message);
    else console.error(`Fehler: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
