import { useEffect, useState, type ReactNode } from 'react';
import { Card, Select, Space, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { LinkButton } from '../../../app/link-button';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { flattenMenuUrls } from '../../../app/layout/menu-model';
import { useSessionStore } from '../../../stores/session-store';
import { examKeys, fetchExam, searchExams, type ExamRow } from '../api';
import { examIdParam, examStateColor } from '../exam-rules';
import '../exam.css';

/** The pages of one exam, with the menu entry that grants each (menu.data.ts). */
export const EXAM_PAGES: { label: string; path: string; menu: string }[] = [
  { label: '概览', path: '/manage/exam/newExamDetail', menu: '/manage/exam/list' },
  { label: '编辑', path: '/manage/exam/editor', menu: '/manage/exam/list' },
  { label: '试卷', path: '/manage/exam/created/paper', menu: '/manage/exam/list' },
  { label: '考生', path: '/manage/exam/examinee', menu: '/manage/exam/examinee' },
  { label: '指定试卷', path: '/manage/exam/paperDesignated', menu: '/manage/exam/paperDesignated' },
  { label: '监控', path: '/manage/exam/monitor/detail', menu: '/manage/exam/monitor' },
  { label: '阅卷', path: '/manage/exam/check', menu: '/manage/exam/check' },
  { label: '成绩', path: '/manage/exam/result', menu: '/manage/exam/result' },
  { label: '个人试卷', path: '/manage/exam/IndividualPapers', menu: '/manage/exam/result' },
  { label: '评语', path: '/manage/exam/comment', menu: '/manage/exam/comment' },
  { label: '考试报告', path: '/manage/exam/ExamReport', menu: '/manage/exam/ExamReport' },
];

export function examWindowText(exam: Pick<ExamRow, 'startAt' | 'endAt'>): string {
  const format = (ms: number | null) => (ms === null ? '-' : dayjs(ms).format('YYYY-MM-DD HH:mm'));
  return `${format(exam.startAt)} 至 ${format(exam.endAt)}`;
}

/** The pages of an exam the signed-in user's menu grants. */
function useExamPages(): typeof EXAM_PAGES {
  const menu = useSessionStore((state) => state.menuInfo);
  const granted = new Set(flattenMenuUrls(menu));
  return EXAM_PAGES.filter((page) => granted.has(page.menu));
}

/** Searches exams by name to open one of the exam pages that need an exam. */
export function ExamChooser({ onChoose }: { onChoose: (examId: number) => void }): ReactNode {
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setKeyword(input.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [input]);
  const exams = useQuery({
    queryKey: examKeys.pick(keyword),
    queryFn: () => searchExams({ keyword }, 0, 20),
  });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setInput }}
      placeholder="搜索并选择考试"
      aria-label="选择考试"
      style={{ width: 360, maxWidth: '100%' }}
      loading={exams.isFetching}
      notFoundContent={
        exams.isFetching ? <Spin size="small" /> : exams.isError ? '考试加载失败' : '没有匹配的考试'
      }
      options={(exams.data?.data ?? []).map((exam) => ({
        value: exam.examId,
        label: `${exam.name}（${exam.stateLabel}）`,
      }))}
      onChange={(examId: number) => onChoose(examId)}
    />
  );
}

/**
 * The frame of every page about one exam (`?examId=`): without an exam it offers a chooser; with one it
 * loads the exam (loading and error states) and shows its name, state, time and the other pages.
 */
export function ExamFrame({
  path,
  children,
}: {
  /** This page's path, for the chooser and to mark the current link. (The page header shows its title.) */
  path: string;
  children: (exam: ExamRow) => ReactNode;
}): ReactNode {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const examId = examIdParam(searchParams);
  const pages = useExamPages();
  const exam = useQuery({
    queryKey: examKeys.detail(examId ?? 0),
    queryFn: () => fetchExam(examId as number),
    enabled: examId !== undefined,
  });

  if (examId === undefined) {
    return (
      <Card size="small">
        <PageEmpty description="请先选择一场考试">
          <ExamChooser onChoose={(id) => void navigate(`${path}?examId=${id}`)} />
        </PageEmpty>
      </Card>
    );
  }
  if (exam.isPending) return <PageLoading />;
  if (exam.isError) {
    return <PageError description="考试加载失败，请稍后重试。" onRetry={() => void exam.refetch()} />;
  }
  const row = exam.data;
  return (
    <div className="kp-exam-page">
      <Card
        size="small"
        className="kp-exam-header"
        title={
          <Space wrap>
            <span>{row.name}</span>
            <Tag color={examStateColor(row.state)}>{row.stateLabel}</Tag>
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              {examWindowText(row)} · 时长 {row.durationText}
            </Typography.Text>
          </Space>
        }
      >
        <nav className="kp-exam-header__links" aria-label="考试页面">
          <LinkButton type="link" size="small" to="/manage/exam/list">
            考试列表
          </LinkButton>
          {pages.map((page) => (
            <LinkButton
              key={page.path}
              type="link"
              size="small"
              to={`${page.path}?examId=${row.examId}`}
              disabled={page.path === path}
            >
              {page.label}
            </LinkButton>
          ))}
        </nav>
      </Card>
      {children(row)}
    </div>
  );
}
