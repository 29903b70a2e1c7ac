import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  CheckCircleFilled,
  FileTextOutlined,
  FormOutlined,
  LockOutlined,
  PlayCircleOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { LIVE_STATUS_LABELS, SECTION_KIND_LABELS, type SectionKind } from '@kaopei/shared';
import { learnPaths } from '@kaopei/shared/contracts/learn';
import type { LearnCourse, OutlineSection } from '../api';
import { formatClock } from '../video-progress';
import { formatDateTime } from '../../../lib/time-format';

const KIND_ICONS: Record<SectionKind, ReactNode> = {
  video: <PlayCircleOutlined />,
  datum: <FileTextOutlined />,
  live: <VideoCameraOutlined />,
  exam: <FormOutlined />,
};

function sectionState(section: OutlineSection): string {
  if (section.kind === 'video' && section.durationSeconds > 0) {
    const watched = Math.min(100, Math.floor((section.watchedSeconds * 100) / section.durationSeconds));
    return watched > 0 && !section.completed ? `已看 ${watched}%` : formatClock(section.durationSeconds);
  }
  if (section.kind === 'live' && section.liveStatus) {
    return section.liveStatus === 'scheduled'
      ? formatDateTime(section.liveStartAt)
      : LIVE_STATUS_LABELS[section.liveStatus];
  }
  return SECTION_KIND_LABELS[section.kind];
}

function SectionItem({ courseId, section }: { courseId: number; section: OutlineSection }): ReactNode {
  // The visible title and state first, in the order shown (WCAG 2.5.3 label in name).
  const label = `${section.title}，${sectionState(section)}`;
  const content = (
    <>
      <span aria-hidden="true">{KIND_ICONS[section.kind]}</span>
      <span className="kp-learn-section__title">{section.title}</span>
      <span className="kp-learn-section__state">{sectionState(section)}</span>
      {section.completed ? (
        <CheckCircleFilled className="kp-learn-section__done" aria-label="已完成" role="img" />
      ) : section.locked ? (
        <LockOutlined aria-label="未解锁" role="img" />
      ) : null}
    </>
  );
  if (section.locked) {
    return (
      <li>
        <span
          className="kp-learn-section kp-learn-section--locked"
          title={section.requiresPrevious ? '完成上一小节后解锁' : '加入课程后可学习'}
          data-testid="outline-section"
        >
          {content}
        </span>
      </li>
    );
  }
  return (
    <li>
      <Link
        to={learnPaths.section(courseId, section.sectionId)}
        className="kp-learn-section"
        aria-label={`${label}${section.completed ? '，已完成' : ''}`}
        data-testid="outline-section"
      >
        {content}
      </Link>
    </li>
  );
}

/** Chapters and sections with lock icons and ticks. */
export function CourseOutline({ course }: { course: LearnCourse }): ReactNode {
  if (course.sectionCount === 0) return <p className="kp-m-muted">课程内容正在准备中</p>;
  return (
    <div>
      {course.chapters.map((chapter) => (
        <section key={chapter.chapterId} aria-label={chapter.title}>
          <h3 className="kp-learn-outline__chapter">{chapter.title}</h3>
          <ul className="kp-learn-outline">
            {chapter.sections.map((section) => (
              <SectionItem key={section.sectionId} courseId={course.courseId} section={section} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
