import { createRequire } from 'node:module';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from '../../core/http';

/**
 * The text of an uploaded résumé, read on the server: PDF with pdf.js (pdfjs-dist's Node build, the
 * first pages only), Word .docx by unzipping word/document.xml (fflate) and keeping its paragraphs.
 * The type is judged from the bytes, never from the name.
 */

export const PDF_MIME = 'application/pdf';
export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const MAX_PAGES = 5;
const MAX_CHARS = 20_000;

export interface ResumeType {
  mime: typeof PDF_MIME | typeof DOCX_MIME;
  ext: 'pdf' | 'docx';
}

/** The résumé's real type, or a 400 in words an applicant understands. */
export async function resumeType(data: Buffer): Promise<ResumeType> {
  const sniffed = await fileTypeFromBuffer(data);
  if (sniffed?.mime === PDF_MIME) return { mime: PDF_MIME, ext: 'pdf' };
  if (sniffed?.mime === DOCX_MIME) return { mime: DOCX_MIME, ext: 'docx' };
  if (sniffed?.mime === 'application/x-cfb')
    throw badRequest('暂不支持旧版 Word（.doc）文件，请另存为 .docx 或 PDF 后上传');
  throw badRequest('简历只能是 PDF 或 Word（.docx）文件');
}

// pdf.js 6 uses Promise.withResolvers (Node 22); Node 20 lacks it.
function ensureWithResolvers(): void {
  const P = Promise as unknown as { withResolvers?: unknown };
  if (typeof P.withResolvers === 'function') return;
  P.withResolvers = function withResolvers<T>() {
    let resolve!: (value: T) => void;
    let reject!: (reason?: unknown) => void;
    const promise = new Promise<T>((a, b) => {
      resolve = a;
      reject = b;
    });
    return { promise, resolve, reject };
  };
}

const pdfjsDir = () => path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

interface TextItem {
  str?: string;
  hasEOL?: boolean;
}

export async function pdfText(data: Buffer): Promise<string> {
  ensureWithResolvers();
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: new Uint8Array(data),
    useSystemFonts: false,
    verbosity: 0,
    cMapUrl: path.join(pdfjsDir(), 'cmaps') + path.sep,
    cMapPacked: true,
  });
  try {
    const doc = await task.promise;
    const parts: string[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, MAX_PAGES); n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      parts.push(
        (content.items as TextItem[]).map((item) => (item.str ?? '') + (item.hasEOL ? '\n' : '')).join(''),
      );
    }
    return parts.join('\n').slice(0, MAX_CHARS);
  } catch {
    throw badRequest('无法读取该 PDF 文件，请确认文件未加密且未损坏');
  } finally {
    await task.destroy();
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, code: string) => {
    if (code[0] === '#') {
      const n =
        code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) ? String.fromCodePoint(n) : '';
    }
    return ENTITIES[code.toLowerCase()] ?? '';
  });
}

/** The paragraphs of word/document.xml as lines (runs joined, tabs and breaks kept). */
export function docxXmlText(xml: string): string {
  return xml
    .split(/<\/w:p>/)
    .map((paragraph) =>
      decodeXml(
        paragraph
          .replace(/<w:tab\/>/g, '<w:t>\t</w:t>')
          .replace(/<w:br\/>/g, '<w:t>\n</w:t>')
          .replace(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g, '\u0000$1\u0000')
          .split('\u0000')
          .filter((_, i) => i % 2 === 1)
          .join(''),
      ),
    )
    .filter((line) => line.trim() !== '')
    .join('\n');
}

export function docxText(data: Buffer): string {
  let entry: Uint8Array | undefined;
  try {
    entry = unzipSync(new Uint8Array(data), { filter: (file) => file.name === 'word/document.xml' })[
      'word/document.xml'
    ];
  } catch {
    throw badRequest('无法读取该 Word 文件，请确认文件未损坏');
  }
  if (!entry) throw badRequest('无法读取该 Word 文件，请确认文件未损坏');
  return docxXmlText(new TextDecoder().decode(entry)).slice(0, MAX_CHARS);
}

export async function resumeText(data: Buffer, type: ResumeType): Promise<string> {
  return type.ext === 'pdf' ? pdfText(data) : docxText(data);
}
