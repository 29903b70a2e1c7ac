import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { serverKeys } from '../db/schema';

// @node-rs/argon2 uses Argon2id by default (its Algorithm enum is a const enum we cannot import here).
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verifying against a real hash when the account does not exist keeps response times alike.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('kaopei-timing-equaliser');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

export interface RsaKeys {
  publicKeyPem: string;
  decrypt(base64Ciphertext: string): string;
}

function rsaFromPrivatePem(privatePem: string): RsaKeys {
  const privateKey = crypto.createPrivateKey(privatePem);
  const publicKeyPem = crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return {
    publicKeyPem,
    decrypt(base64Ciphertext: string) {
      const plain = crypto.privateDecrypt(
        { key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(base64Ciphertext, 'base64'),
      );
      return plain.toString('utf8');
    },
  };
}

/**
 * The RSA key pair the web app encrypts passwords with. Taken from RSA_PRIVATE_KEY, else from the
 * database, else generated once and stored there so every instance uses the same pair.
 */
export async function loadRsaKeys(db: Db, configured?: string): Promise<RsaKeys> {
  if (configured) return rsaFromPrivatePem(configured);
  const name = 'rsa_private_key';
  const existing = await db.select().from(serverKeys).where(eq(serverKeys.name, name));
  if (existing[0]) return rsaFromPrivatePem(existing[0].value);
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  await db.insert(serverKeys).values({ name, value: pem }).onConflictDoNothing();
  const stored = await db.select().from(serverKeys).where(eq(serverKeys.name, name));
  return rsaFromPrivatePem(stored[0]?.value ?? pem);
}
