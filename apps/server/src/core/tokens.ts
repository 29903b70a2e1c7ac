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

/** Short-lived HS256 access tokens; refresh tokens are opaque and live in the database. */
export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    readonly accessTtlSeconds: number,
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

  /** Returns the claims, or undefined for any invalid, expired or foreign token. */
  async verifyAccess(token: string): Promise<AccessClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: 'kaopei', algorithms: ['HS256'] });
      return claimsOf(payload);
    } catch {
      return undefined;
    }
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
