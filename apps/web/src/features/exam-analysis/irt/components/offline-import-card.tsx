import { useState, type ReactNode } from 'react';
import { Button, Card, Select, Space, Statistic, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { ExcelImportDialog } from '../../../../components/excel-import-dialog';
import { Explained } from '../../../../components/explained';
import { downloadOfflineTemplate, irtKeys, startOfflineImport, type AnalysisOptions } from '../api';

/** 导入线下成绩: a paper-based exam's answer sheet becomes graded attempts of the chosen exam. */
export function OfflineImportCard({ exams }: { exams: AnalysisOptions['exams'] }): ReactNode {
  const queryClient = useQueryClient();
  const [examId, setExamId] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const exam = exams.find((e) => e.id === examId) ?? null;
  return (
    <Card title="线下考试成绩" size="small">
      <Space wrap align="end">
        <Select
          aria-label="考试"
          placeholder="选择已发布的考试"
          showSearch
          optionFilterProp="label"
          style={{ width: 260, maxWidth: '80vw' }}
          value={examId ?? undefined}
          onChange={setExamId}
          options={exams.map((e) => ({ value: e.id, label: e.name }))}
        />
        <Button icon={<UploadOutlined />} disabled={examId === null} onClick={() => setOpen(true)}>
          导入线下成绩
        </Button>
        {exam ? (
          <Statistic
            title={
              <Explained
                label="已交卷作答"
                tip="该考试已交卷的作答份数：在线作答与导入的线下作答合计，考试统计与试题校准都用它们"
              />
            }
            value={exam.attempts}
            suffix="份"
            data-testid="exam-attempts"
          />
        ) : null}
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        纸笔考试后，按答题表模板每行填一名考生（账号或姓名），其后按试卷顺序每题一列填所选选项字母、对/错，或
        1（满分）/0（零分）；导入后每行成为一次已评分的作答。
      </Typography.Paragraph>
      {examId !== null ? (
        <ExcelImportDialog
          open={open}
          title="导入线下成绩"
          hint="下载本考试的答题表模板，按试卷顺序填写每名考生的作答后上传。"
          unit="名考生"
          downloadTemplate={() => downloadOfflineTemplate(examId)}
          start={(file, mode) => startOfflineImport(examId, file, mode)}
          onClose={() => setOpen(false)}
          onImported={() => void queryClient.invalidateQueries({ queryKey: irtKeys.options })}
        />
      ) : null}
    </Card>
  );
}
