import { hash, verify } from "@node-rs/argon2";

/** argon2id with the library's defaults (19 MiB, t=2): OWASP's minimum recommendation. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Spent on unknown e-mails so a login's timing does not tell whether an account exists. */
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$2mRwcoaeZ0HN7K7ImDF2ZlUOJ5RkqzBRMBKf2uVP5cI";
export async function spendVerifyTime(password: string): Promise<void> {
  await verifyPassword(DUMMY_HASH, password);
}
