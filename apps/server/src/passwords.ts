// How a password is hashed and checked, app-wide: users (sign-in, profile) export it to the features, and the admin CLI
// and the demo generator in db/ (which imports no feature) use it directly.
import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with its default cost: about 20 ms per hash here.
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;
/** Verifies against a throwaway hash so an unknown email takes as long as a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
}
