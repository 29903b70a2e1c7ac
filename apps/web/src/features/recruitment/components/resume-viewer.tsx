import { useState, type ReactNode } from 'react';
import { Card, Empty, Segmented, Typography } from 'antd';
import type { ApplicantDetail } from '../api';

type Resume = ApplicantDetail['resumes'][number];

function ResumeBody({ resume }: { resume: Resume }): ReactNode {
  if (resume.mime === 'application/pdf') {
    return <iframe className="kp-recruit-resume__file" src={resume.url} title={`简历 ${resume.fileName}`} />;
  }
  // Word files cannot be shown by the browser: their extracted text instead.
  return <div className="kp-recruit-resume__text">{resume.text || '（未能读取文字）'}</div>;
}

/** The résumé files in the browser: PDF in the browser's viewer, Word as its extracted text. */
export function ResumeViewer({ resumes }: { resumes: Resume[] }): ReactNode {
  const [chosen, setChosen] = useState(0);
  const resume = resumes[chosen] ?? resumes[0];
  return (
    <Card
      size="small"
      title="简历"
      extra={
        resume ? (
          <a href={resume.url} target="_blank" rel="noreferrer">
            下载 {resume.fileName}
          </a>
        ) : null
      }
    >
      {resumes.length > 1 ? (
        <Segmented
          aria-label="选择简历"
          value={chosen}
          onChange={(v) => setChosen(Number(v))}
          options={resumes.map((r, i) => ({ value: i, label: r.fileName }))}
          style={{ marginBottom: 8 }}
        />
      ) : null}
      {resume ? <ResumeBody resume={resume} /> : <Empty description="没有上传简历" />}
      {resume?.text && resume.mime === 'application/pdf' ? (
        <details>
          <summary>
            <Typography.Text type="secondary">简历文字</Typography.Text>
          </summary>
          <div className="kp-recruit-resume__text">{resume.text}</div>
        </details>
      ) : null}
    </Card>
  );
}
