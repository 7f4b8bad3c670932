import { randomBytes, randomInt } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { createSession } from '../../src/server/accounts/session-repository';
import type { Db } from '../../src/server/db/connection';
import type { NewUser, User } from '../../src/server/db/schema';
import { nowIso } from '../../src/server/lib/time';

export interface CreatedUser {
  user: User;
  /** The plain password (its argon2id hash is stored). */
  password: string;
  /** A live session's bearer token for the user. */
  token: string;
}

const suffix = () => randomBytes(4).toString('hex');

/**
 * A real argon2id hash of `password`, made once per password and process: a user made here is not a test of hashing
 * (accounts tests register through the API, which hashes each time), and each hash costs tens of milliseconds of CPU
 * (docs/decisions/039). Its salt is shared by the users with that password, which changes nothing a test looks at.
 */
const hashes = new Map<string, Promise<string>>();
const passwordHash = (password: string): Promise<string> => {
  let made = hashes.get(password);
  if (!made) {
    made = hash(password);
    hashes.set(password, made);
  }
  return made;
};

/** Inserts a user with an argon2id password hash (`passwordHash`) and opens a session. Every unique field is fresh. */
export async function createUser(
  db: Db,
  overrides: Partial<Omit<NewUser, 'password_hash'>> & { password?: string } = {},
): Promise<CreatedUser> {
  const { password = 'Secret123!', ...fields } = overrides;
  const id = suffix();
  const now = nowIso();
  const user = await db
    .insertInto('users')
    .values({
      nickname: `Tester ${id}`,
      email: `tester-${id}@example.com`,
      phone: `+639${randomInt(100_000_000, 999_999_999)}`,
      password_hash: await passwordHash(password),
      referral_code: `T${id.toUpperCase()}`,
      created_at: now,
      updated_at: now,
      ...fields,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const token = await createSession(db, user.id);
  return { user, password, token };
}
