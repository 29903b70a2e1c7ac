import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { hasFfmpeg } from '../../core/media';

/**
 * Small real media for the demo and the tests: a PDF written by hand (the format's minimum: catalog,
 * page tree, pages with a Helvetica text stream, a cross-reference table), and a test-pattern MP4 made
 * with ffmpeg.
 */

/** A valid PDF with one page per entry, each page showing its lines (ASCII; Helvetica has no CJK). */
export function makePdf(pages: string[][]): Buffer {
  const objects: string[] = [];
  const pageIds: number[] = [];
  // 1: catalog, 2: pages, 3: font; then per page: page, content.
  const first = 4;
  pages.forEach((lines, i) => {
    const pageId = first + i * 2;
    pageIds.push(pageId);
    const text = lines
      .map((line, n) => {
        const safe = line.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');
        return `BT /F1 ${n === 0 ? 20 : 12} Tf 72 ${720 - n * 28} Td (${safe}) Tj ET`;
      })
      .join('\n');
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`;
  });
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * Writes a test-pattern MP4 (H.264 + AAC, `seconds` long, small and fast to encode) to `outPath`.
 * False without ffmpeg or when it fails.
 */
export async function makeTestVideo(outPath: string, seconds: number, size = '640x360'): Promise<boolean> {
  if (!(await hasFfmpeg())) return false;
  const ffmpeg = process.env.FFMPEG_PATH || 'ffmpeg';
  // Written aside and renamed: concurrent callers never read a half-written file.
  const draft = `${outPath}.${process.pid}.${Date.now()}.mp4`;
  const ok = await new Promise<boolean>((resolve) =>
    execFile(
      ffmpeg,
      [
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `testsrc2=size=${size}:rate=15:duration=${seconds}`,
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=440:duration=${seconds}`,
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-tune',
        'stillimage',
        '-crf',
        '35',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-b:a',
        '32k',
        '-movflags',
        '+faststart',
        '-shortest',
        draft,
      ],
      { timeout: 60_000 },
      (error) => resolve(!error),
    ),
  );
  if (!ok) {
    await fs.promises.rm(draft, { force: true });
    return false;
  }
  await fs.promises.rename(draft, outPath);
  return true;
}
