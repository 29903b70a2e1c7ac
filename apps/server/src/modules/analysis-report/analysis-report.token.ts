import crypto from 'node:crypto';
import { reportQueryString, type ReportDefinition } from '@kaopei/shared/contracts/analysis-report';
import type { RequestContext } from '../../core/context';
import { AppError } from '../../core/http';

/**
 * The print token of a report's PDF export. Chromium opens the web app's print route without a session,
 * so the export hands it a token in the URL: `<payload>.<HMAC-SHA256>` with a key derived from the server
 * secret for this purpose only (not the session tokens' key, not the file URLs' key). The payload names
 * the organisation and user that exported, the one report (its canonical query string) and an expiry a
 * minute or two ahead; the print endpoint serves that report of that organisation and nothing else.
 * Like signed file URLs, nothing else can be done with it (it is no session: no other endpoint takes it).
 */

export const PRINT_TOKEN_TTL_SECONDS = 120;
export const PRINT_TOKEN_INVALID = '打印链接无效或已过期，请重新导出 PDF';
export const PRINT_TOKEN_OTHER_REPORT = '打印链接与所请求的报告不符';

interface PrintClaims {
  /** Organisation and user of the export. */
  o: number;
  u: number;
  /** The report: reportQueryString(definition). */
  r: string;
  /** Expiry, unix seconds. */
  e: number;
}

export interface PrintSigner {
  sign(ctx: RequestContext, definition: ReportDefinition, now?: number): string;
  /** The context the report is read with; throws 403 when the token is bad, expired or of another report. */
  verify(token: string, definition: ReportDefinition, now?: number): RequestContext;
}

export function createPrintSigner(serverSecret: string): PrintSigner {
  const key = crypto.createHmac('sha256', serverSecret).update('kaopei:report-print:v1').digest();
  const mac = (payload: string) => crypto.createHmac('sha256', key).update(payload).digest('base64url');
  return {
    sign(ctx, definition, now = Date.now()) {
      const claims: PrintClaims = {
        o: ctx.organizationId,
        u: ctx.userId,
        r: reportQueryString(definition),
        e: Math.floor(now / 1000) + PRINT_TOKEN_TTL_SECONDS,
      };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${mac(payload)}`;
    },
    verify(token, definition, now = Date.now()) {
      const [payload = '', sig = ''] = token.split('.');
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given))
        throw new AppError(403, PRINT_TOKEN_INVALID);
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as PrintClaims;
      if (claims.e * 1000 <= now) throw new AppError(403, PRINT_TOKEN_INVALID);
      if (claims.r !== reportQueryString(definition)) throw new AppError(403, PRINT_TOKEN_OTHER_REPORT);
      return { userId: claims.u, organizationId: claims.o, isAdmin: false, account: '', realName: '' };
    },
  };
}
