import type { ReactNode } from 'react';
import { Button } from 'antd';
import { LeftOutlined, RightOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { AttemptView } from '../api';
import type { ExamNavigation } from '../use-exam-navigation';
import { AnswerSheet, type SheetEntry } from './answer-sheet';

export interface ExamFooterProps {
  navigation: ExamNavigation;
  total: number;
  sections: AttemptView['sections'];
  stateOf: (questionId: number) => SheetEntry;
  /** Still answering: 交卷 works. */
  answering: boolean;
  onSubmit: () => void;
}

/** 上一题, 答题卡 (the sheet it opens) and 下一题, or 交卷 on the last question. */
export function ExamFooter({
  navigation: { current, setCurrent, sheetOpen, setSheetOpen },
  total,
  sections,
  stateOf,
  answering,
  onSubmit,
}: ExamFooterProps): ReactNode {
  return (
    <>
      <footer className="kp-m-exam-nav">
        <Button icon={<LeftOutlined />} disabled={current <= 1} onClick={() => setCurrent(current - 1)}>
          上一题
        </Button>
        <Button icon={<UnorderedListOutlined />} onClick={() => setSheetOpen(true)}>
          答题卡
        </Button>
        {current < total ? (
          <Button type="primary" onClick={() => setCurrent(current + 1)}>
            下一题 <RightOutlined />
          </Button>
        ) : (
          <Button type="primary" disabled={!answering} onClick={onSubmit}>
            交卷
          </Button>
        )}
      </footer>
      <AnswerSheet
        open={sheetOpen}
        onClose={() => setSheetOpen(false)}
        sections={sections}
        stateOf={stateOf}
        current={current}
        onPick={(number) => {
          setCurrent(number);
          setSheetOpen(false);
        }}
        onSubmit={onSubmit}
        submitDisabled={!answering}
      />
    </>
  );
}
