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

/** Inserts a user with an argon2id password hash and opens a session. Every unique field is fresh. */
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
      password_hash: await hash(password),
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
