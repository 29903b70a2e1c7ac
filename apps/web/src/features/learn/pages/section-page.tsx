import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Card, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { candidatePaths, LIVE_STATUS_LABELS, SECTION_KIND_LABELS } from '@kaopei/shared';
import { learnPaths } from '@kaopei/shared/contracts/learn';
import { PageLoading } from '../../../app/page-states';
import { LearnerHeader } from '../../../app/layout/learner-header';
import { LinkButton } from '../../../app/link-button';
import { serverMessage } from '../../../lib/server-message';
import { formatDateTime } from '../../../lib/time-format';
import { learnKeys, openSection, type OpenedSection, type ProgressResult } from '../api';
import { PdfViewer } from '../components/pdf-viewer';
import { VideoPlayer } from '../components/video-player';

const isPdf = (s: OpenedSection) => s.mime === 'application/pdf' || /\.pdf$/i.test(s.fileName ?? '');
const isImage = (s: OpenedSection) => (s.mime ?? '').startsWith('image/');

function Datum({ section }: { section: OpenedSection }): ReactNode {
  if (!section.mediaUrl) return <p className="kp-m-muted">文档尚未上传</p>;
  if (isPdf(section)) return <PdfViewer url={section.mediaUrl} title={section.title} />;
  if (isImage(section)) {
    return <img src={section.mediaUrl} alt={section.title} className="kp-learn-image" />;
  }
  return (
    <Card size="small">
      <p>{section.fileName ?? section.title}</p>
      <p className="kp-m-muted">此类文档请下载后用办公软件查看。</p>
      <Button
        type="primary"
        icon={<DownloadOutlined />}
        href={section.mediaUrl}
        download={section.fileName ?? true}
      >
        下载文档
      </Button>
    </Card>
  );
}

function Live({
  section,
  onResult,
}: {
  section: OpenedSection;
  onResult: (r: ProgressResult) => void;
}): ReactNode {
  if (section.mediaUrl) return <VideoPlayer section={section} onResult={onResult} />;
  return (
    <Card size="small">
      <p>
        直播时间：{formatDateTime(section.liveStartAt)}
        {section.liveMinutes ? `，约 ${section.liveMinutes} 分钟` : ''}
      </p>
      {section.liveStatus ? <Tag>{LIVE_STATUS_LABELS[section.liveStatus]}</Tag> : null}
      {section.livePath ? (
        <LinkButton type="primary" to={section.livePath} style={{ marginTop: 8 }}>
          进入直播间
        </LinkButton>
      ) : null}
    </Card>
  );
}

function SectionBody({ section }: { section: OpenedSection }): ReactNode {
  const queryClient = useQueryClient();
  const [completed, setCompleted] = useState(section.completed);
  const onResult = (result: ProgressResult) => {
    if (result.completed && !completed) {
      setCompleted(true);
      void queryClient.invalidateQueries({ queryKey: learnKeys.course(section.courseId) });
      void queryClient.invalidateQueries({ queryKey: ['learn', 'my'] });
    }
  };
  // The next section requires this one at most: completing it unlocks the next.
  const nextLocked = section.nextLocked && !completed;
  let content: ReactNode;
  if (section.kind === 'video') content = <VideoPlayer section={section} onResult={onResult} />;
  else if (section.kind === 'datum') content = <Datum section={section} />;
  else if (section.kind === 'live') content = <Live section={section} onResult={onResult} />;
  else
    content = (
      <Card size="small">
        <p>本小节是一场考试，完成并通过后计为完成。</p>
        {section.examId ? (
          <LinkButton type="primary" to={candidatePaths.exam(section.examId)}>
            进入考试
          </LinkButton>
        ) : null}
      </Card>
    );
  return (
    <main className="kp-m-main">
      <h2 className="kp-learn-title" style={{ marginTop: 0 }}>
        <Tag>{SECTION_KIND_LABELS[section.kind]}</Tag>
        {section.title}
        {completed ? (
          <Tag color="success" style={{ marginLeft: 8 }} data-testid="section-completed">
            已完成
          </Tag>
        ) : null}
      </h2>
      {content}
      <nav className="kp-learn-nav" aria-label="小节切换">
        {section.previousSectionId ? (
          <LinkButton to={learnPaths.section(section.courseId, section.previousSectionId)}>上一节</LinkButton>
        ) : (
          <span />
        )}
        {section.nextSectionId ? (
          nextLocked ? (
            <Button disabled title="完成本小节后解锁">
              下一节（未解锁）
            </Button>
          ) : (
            <LinkButton type="primary" to={learnPaths.section(section.courseId, section.nextSectionId)}>
              下一节
            </LinkButton>
          )
        ) : (
          <LinkButton to={learnPaths.course(section.courseId)}>返回课程</LinkButton>
        )}
      </nav>
    </main>
  );
}

/** /m/courses/:courseId/sections/:sectionId: the player (video, document, exam, live). */
export default function SectionPage(): ReactNode {
  const params = useParams();
  const courseId = Number(params.courseId);
  const sectionId = Number(params.sectionId);
  const valid = Number.isInteger(sectionId) && sectionId > 0;
  const opened = useQuery({
    queryKey: learnKeys.section(sectionId),
    queryFn: () => openSection(sectionId),
    enabled: valid,
    retry: false,
    // Each visit opens the section again (fresh signed URL and resume point).
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  let body: ReactNode;
  if (!valid || opened.isError) {
    body = (
      <main className="kp-m-main">
        <Alert
          type="warning"
          showIcon
          message="无法打开本小节"
          description={opened.isError ? serverMessage(opened.error) : '小节不存在'}
        />
        <LinkButton style={{ marginTop: 12 }} to={learnPaths.course(courseId)}>
          返回课程
        </LinkButton>
      </main>
    );
  } else if (opened.isPending) body = <PageLoading />;
  else body = <SectionBody key={opened.data.sectionId} section={opened.data} />;
  return (
    <>
      <LearnerHeader title={opened.data?.courseName ?? '学习'} back={learnPaths.course(courseId)} />
      {body}
    </>
  );
}
