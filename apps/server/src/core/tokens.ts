import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  userId: number;
  organizationId: number;
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
    return new SignJWT({ org: claims.organizationId, typ: 'access' })
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
      const userId = Number(payload.sub);
      const organizationId = Number(payload.org);
      if (
        payload.typ !== 'access' ||
        !Number.isSafeInteger(userId) ||
        !Number.isSafeInteger(organizationId)
      ) {
        return undefined;
      }
      return { userId, organizationId };
    } catch {
      return undefined;
    }
  }
}
