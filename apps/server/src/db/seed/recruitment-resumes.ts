import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { extractResumeFields } from '@kaopei/shared';
import { storeLocalFile } from '../../modules/file/file.store';
import { recruitmentApplications, recruitmentResumes } from '../schema';
import { adminContext, type Demo } from './demo';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A minimal Word .docx whose paragraphs are `lines` (what the résumé reader unzips). */
export function demoDocx(lines: string[]): Uint8Array {
  const body = lines.map(
    (line) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(line)}</w:t></w:r></w:p>`,
  );
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body.join('')}</w:body></w:document>`,
    ),
  });
}

export interface DemoResumePerson {
  applicantId: number;
  applicationId: number;
  name: string;
  phone: string;
  email: string;
  school: string;
  degree: string;
  years: number;
}

function resumeLines(p: DemoResumePerson): string[] {
  return [
    p.name,
    `手机：${p.phone}    邮箱：${p.email}`,
    `毕业院校：${p.school}    学历：${p.degree}`,
    `工作经验：${p.years}年`,
    '求职意向：Java 开发工程师',
    '工作经历',
    '2021.07 – 至今  某互联网公司  高级开发工程师：负责订单与支付系统，日均交易百万笔。',
    '专业技能',
    'Java、Spring Boot、MySQL、Redis、Kafka；熟悉分布式事务与性能调优。',
  ];
}

/** A Word résumé for each person (stored through the storage adapter), linked to their application. */
export async function seedDemoResumes(demo: Demo, people: DemoResumePerson[]): Promise<void> {
  if (!demo.storage || people.length === 0) return;
  const files = { db: demo.db, storage: demo.storage };
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'kaopei-demo-resume-'));
  try {
    for (const person of people) {
      const lines = resumeLines(person);
      const local = path.join(dir, `${person.applicantId}.docx`);
      await fs.promises.writeFile(local, demoDocx(lines));
      const stored = await storeLocalFile(files, adminContext(demo), {
        localPath: local,
        name: `${person.name}的简历.docx`,
        mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ext: 'docx',
      });
      const text = lines.join('\n');
      const [resume] = await demo.db
        .insert(recruitmentResumes)
        .values({
          organizationId: demo.organizationId,
          applicantId: person.applicantId,
          fileId: stored.id,
          text,
          fields: { ...extractResumeFields(text) },
        })
        .returning({ id: recruitmentResumes.id });
      await demo.db
        .update(recruitmentApplications)
        .set({ resumeId: resume!.id })
        .where(eq(recruitmentApplications.id, person.applicationId));
    }
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
