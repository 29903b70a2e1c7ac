import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

export interface AccessClaims {
  userId: number;
  organizationId: number;
  /**
   * The sign-in session the token was issued in (claim `sid`): the family of refresh tokens it came
   * with, kept across rotations. Tokens signed outside a sign-in (tests, tools) have none.
   */
  sessionId?: string;
}

/**
 * The sessions (`sid`) ended before their access tokens lapse, each until its last token expires. Held in
 * memory by every instance (modules/auth/session-revocation.ts loads it and keeps it current), so checking
 * a token reads no database.
 */
export class RevocationSet {
  private readonly expiries = new Map<string, number>();

  /** Adds a session, refused until `expiresAt` (ms since the epoch). */
  add(sid: string, expiresAt: number): void {
    if (expiresAt <= Date.now()) return;
    this.expiries.set(sid, Math.max(expiresAt, this.expiries.get(sid) ?? 0));
  }

  has(sid: string): boolean {
    const expiresAt = this.expiries.get(sid);
    if (expiresAt === undefined) return false;
    if (expiresAt > Date.now()) return true;
    this.expiries.delete(sid);
    return false;
  }

  /** Forgets the sessions whose tokens have all expired. */
  prune(now = Date.now()): void {
    for (const [sid, expiresAt] of this.expiries) if (expiresAt <= now) this.expiries.delete(sid);
  }

  get size(): number {
    return this.expiries.size;
  }
}

/** Short-lived HS256 access tokens; refresh tokens are opaque and live in the database. */
export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    readonly accessTtlSeconds: number,
    /** Ended sessions: their tokens fail `verifyAccess`. */
    readonly revoked: RevocationSet = new RevocationSet(),
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({
      org: claims.organizationId,
      typ: 'access',
      ...(claims.sessionId ? { sid: claims.sessionId } : {}),
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setIssuer('kaopei')
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.accessTtlSeconds)
      .sign(this.key);
  }

  /** Returns the claims, or undefined for any invalid, expired, foreign or revoked token. */
  async verifyAccess(token: string): Promise<AccessClaims | undefined> {
    let claims: AccessClaims | undefined;
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: 'kaopei', algorithms: ['HS256'] });
      claims = claimsOf(payload);
    } catch {
      return undefined;
    }
    return claims?.sessionId && this.revoked.has(claims.sessionId) ? undefined : claims;
  }

  /**
   * The claims of a token this server signed, even an expired one: signing out of a session whose
   * access token has lapsed still names that session. Undefined for forged or foreign tokens.
   */
  async verifySignedAccess(token: string): Promise<AccessClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: 'kaopei', algorithms: ['HS256'] });
      return claimsOf(payload);
    } catch (error) {
      // jose checks the signature and the issuer before the expiry.
      if (error instanceof errors.JWTExpired) return claimsOf(error.payload);
      return undefined;
    }
  }
}

function claimsOf(payload: JWTPayload): AccessClaims | undefined {
  const userId = Number(payload.sub);
  const organizationId = Number(payload.org);
  if (payload.typ !== 'access' || !Number.isSafeInteger(userId) || !Number.isSafeInteger(organizationId)) {
    return undefined;
  }
  return typeof payload.sid === 'string' && payload.sid !== ''
    ? { userId, organizationId, sessionId: payload.sid }
    : { userId, organizationId };
}
