import { zlibSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createTestApp, type TestApp, type TestOrg } from '../../../test/harness';
import { multipart } from '../../../test/support';
import { files } from '../../db/schema';
import { eq } from 'drizzle-orm';

const UPLOAD = '/user/api/v1/files/upload';

/** A real 1×1 PNG. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from(zlibSync(new Uint8Array([0, 255, 0, 0, 255])))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
);

describe('uploaded files: types from the bytes, never served as active content', () => {
  let t: TestApp;
  let org: TestOrg;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t);
  });
  afterAll(() => t.close());

  async function upload(data: Buffer, name: string, contentType: string, isPublic: boolean) {
    const { payload, headers } = multipart({}, { name, data, contentType });
    const raw = await t.app.inject({
      method: 'POST',
      url: `${UPLOAD}?public=${isPublic ? 1 : 0}`,
      payload,
      headers: { ...headers, authorization: `Bearer ${org.admin.token}` },
    });
    return {
      status: raw.statusCode,
      body: raw.json() as { message: string; res: { data: { id: number; url: string } } },
    };
  }

  async function serve(url: string) {
    return t.app.inject({ url, headers: { authorization: `Bearer ${org.admin.token}` } });
  }

  it('refuses HTML and SVG for public images, whatever type the client claims', async () => {
    for (const [data, name, type] of [
      [HTML, 'a.html', 'text/html'],
      [HTML, 'a.png', 'image/png'],
      [SVG, 'a.svg', 'image/svg+xml'],
      [SVG, 'a.png', 'image/png'],
    ] as const) {
      const res = await upload(data, name, type, true);
      expect(res.status, name + type).toBe(400);
      expect(res.body.message).toBe('只能上传 PNG、JPG、GIF 或 WebP 图片');
    }
    const stored = await t.app.deps.db.select().from(files).where(eq(files.organizationId, org.id));
    expect(stored).toHaveLength(0);
  });

  it('keeps HTML and SVG attachments as plain text to download, never inline', async () => {
    for (const [data, name, type] of [
      [HTML, 'page.html', 'text/html'],
      [HTML, 'fake.png', 'image/png'],
      [SVG, 'logo.svg', 'image/svg+xml'],
    ] as const) {
      const res = await upload(data, name, type, false);
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.res.data.url).toMatch(/\.txt$/);
      const [row] = await t.app.deps.db.select().from(files).where(eq(files.id, res.body.res.data.id));
      expect(row?.mime).toBe('text/plain; charset=utf-8');
      const served = await serve(res.body.res.data.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(served.headers['content-disposition']).toMatch(/^attachment; /);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(data)).toBe(true);
    }
  });

  it('refuses binary attachments of no allowed type', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64, 0)]);
    const res = await upload(elf, 'tool.pdf', 'application/pdf', false);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('不支持该文件类型');
  });

  it('serves a real PNG inline as image/png, publicly and privately', async () => {
    for (const isPublic of [true, false]) {
      const res = await upload(png(), 'photo.bin', 'application/octet-stream', isPublic);
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.res.data.url).toMatch(/\.png$/);
      const served = await (isPublic
        ? t.app.inject({ url: res.body.res.data.url })
        : serve(res.body.res.data.url));
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['content-disposition']).toMatch(/^inline; /);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves files stored before sniffing with an active type as an octet-stream attachment', async () => {
    const key = `${org.id}/legacy-${Date.now()}.svg`;
    await t.app.deps.storage.put(key, SVG);
    await t.app.deps.db.insert(files).values({
      organizationId: org.id,
      key,
      name: 'old.svg',
      mime: 'image/svg+xml',
      size: SVG.length,
      isPublic: 1,
    });
    const served = await t.app.inject({ url: `/api/files/${key}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toMatch(/^attachment; /);
  });
});
