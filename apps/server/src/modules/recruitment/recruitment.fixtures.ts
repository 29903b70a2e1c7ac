import type { TestApp } from '../../../test/harness';
import { multipart } from '../../../test/support';

/** Test helpers of the recruitment module's HTTP tests. */

/** An applicant's résumé upload to the public endpoint, as the job page sends it (no sign-in). */
export async function uploadResume(t: TestApp, jobId: number, file: Buffer, name: string) {
  const { payload, headers } = multipart({}, { name, data: file, contentType: 'application/octet-stream' });
  const res = await t.app.inject({
    method: 'POST',
    url: `/recruit/api/v1/public/resume?jobId=${jobId}`,
    payload,
    headers,
  });
  return {
    status: res.statusCode,
    body: res.json() as { code: number; message: string; res?: { data: unknown } },
  };
}
