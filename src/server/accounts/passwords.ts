import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with its default memory-hard parameters (docs/decisions/001). */
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash never logs anyone in.
    return false;
  }
}

/** Verified against when the account does not exist, so both answers take about as long. */
let dummyHash: Promise<string> | undefined;
export const timingDummy = (): Promise<string> => {
  dummyHash ??= hash('leaf-and-cup-no-such-account');
  return dummyHash;
};
