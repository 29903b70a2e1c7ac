import { useState, type ReactNode } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Space, Tag } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { extendTime, forceSubmit } from '../api';
import { monitorKeys, warnCandidate, type MonitorRow } from '../monitor-api';
import { WARNING_MAX_LENGTH, WARNING_PRESETS } from '../monitor-rules';

/** What an invigilator can do to one candidate: warn, extend time, force submit (rows and the drawer). */
export interface MonitorActions {
  warn: (row: MonitorRow) => void;
  extend: (row: MonitorRow) => void;
  force: (row: MonitorRow) => void;
  /** The dialogs; render once. */
  dialogs: ReactNode;
}

/** A candidate of an exam as the time actions need them. */
export interface ExamCandidateRef {
  userId: number;
  name: string;
}

/**
 * Extra time and forced submit for one candidate of an exam (the live board and 考生管理 both offer
 * them): the extend dialog and the force confirmation. `onDone` runs after either succeeds.
 */
export function useCandidateTimeActions<T extends ExamCandidateRef>(
  examId: number,
  onDone: (candidate: T) => void,
): { extend: (candidate: T) => void; force: (candidate: T) => void; dialog: ReactNode } {
  const { message, modal } = App.useApp();
  const [extending, setExtending] = useState<T | null>(null);
  const [minutes, setMinutes] = useState<number | null>(10);
  const extend = useMutation({
    mutationFn: ({ candidate, value }: { candidate: T; value: number }) =>
      extendTime(examId, candidate.userId, value),
    onSuccess: (result, { candidate }) => {
      message.success(`已为「${candidate.name}」延长时间，累计延长 ${result.extraMinutes} 分钟`);
      setExtending(null);
      onDone(candidate);
    },
  });
  const force = useMutation({
    mutationFn: (candidate: T) => forceSubmit(examId, candidate.userId),
    onSuccess: (_result, candidate) => {
      message.success(`已强制「${candidate.name}」交卷`);
      onDone(candidate);
    },
  });
  const dialog = (
    <Modal
      open={extending !== null}
      title={`为「${extending?.name ?? ''}」延长考试时间`}
      okText="延长"
      cancelText="取消"
      okButtonProps={{ disabled: !minutes, loading: extend.isPending }}
      onOk={() => extending && minutes && extend.mutate({ candidate: extending, value: minutes })}
      onCancel={() => setExtending(null)}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label="延长分钟数"
          extra="正在作答的考生倒计时随之立即增加，之后开始的作答也多出这些时间；截止时间不会超过考试结束时间。"
          validateStatus={minutes ? undefined : 'error'}
          help={minutes ? undefined : '请输入 1 到 600 之间的整数'}
        >
          <InputNumber
            min={1}
            max={600}
            precision={0}
            value={minutes}
            onChange={(value) => setMinutes(value)}
            addonAfter="分钟"
            aria-label="延长分钟数"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
  return {
    extend: (candidate) => {
      setMinutes(10);
      setExtending(candidate);
    },
    force: (candidate) =>
      modal.confirm({
        title: `强制「${candidate.name}」交卷？`,
        content: '按已保存的答案立即交卷并评分，考生不能继续作答。',
        okText: '强制交卷',
        okButtonProps: { danger: true },
        cancelText: '取消',
        onOk: () => force.mutateAsync(candidate).catch(() => undefined),
      }),
    dialog,
  };
}

export function useMonitorActions(examId: number): MonitorActions {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [warning, setWarning] = useState<MonitorRow | null>(null);
  const [text, setText] = useState('');

  const refresh = (attemptId: number | null) => {
    void queryClient.invalidateQueries({ queryKey: monitorKeys.candidates(examId) });
    void queryClient.invalidateQueries({ queryKey: monitorKeys.summary(examId) });
    if (attemptId !== null) void queryClient.invalidateQueries({ queryKey: monitorKeys.attempt(attemptId) });
  };

  const warn = useMutation({
    mutationFn: ({ attemptId, value }: { attemptId: number; value: string }) =>
      warnCandidate(attemptId, value),
    onSuccess: (_result, { attemptId }) => {
      message.success(`已向「${warning?.name ?? ''}」发送警告`);
      setWarning(null);
      refresh(attemptId);
    },
  });
  const time = useCandidateTimeActions<MonitorRow>(examId, (row) => refresh(row.attemptId));

  const trimmed = text.trim();
  const dialogs = (
    <>
      <Modal
        open={warning !== null}
        title={`警告考生「${warning?.name ?? ''}」`}
        okText="发送警告"
        cancelText="取消"
        okButtonProps={{ disabled: trimmed === '', loading: warn.isPending }}
        onOk={() =>
          warning?.attemptId && trimmed && warn.mutate({ attemptId: warning.attemptId, value: trimmed })
        }
        onCancel={() => setWarning(null)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label="常用警告">
            <Space size={[4, 8]} wrap>
              {WARNING_PRESETS.map((preset) => (
                <Tag.CheckableTag key={preset} checked={trimmed === preset} onChange={() => setText(preset)}>
                  {preset}
                </Tag.CheckableTag>
              ))}
            </Space>
          </Form.Item>
          <Form.Item
            label="警告内容"
            extra="考生的答题页面会立即弹出这条警告，考生确认后才能继续作答。"
            validateStatus={trimmed ? undefined : 'error'}
            help={trimmed ? undefined : '请输入警告内容'}
          >
            <Input.TextArea
              value={text}
              onChange={(event) => setText(event.target.value)}
              maxLength={WARNING_MAX_LENGTH}
              showCount
              autoSize={{ minRows: 3, maxRows: 6 }}
              aria-label="警告内容"
            />
          </Form.Item>
        </Form>
      </Modal>
      {time.dialog}
    </>
  );

  return {
    warn: (row) => {
      setText('');
      setWarning(row);
    },
    extend: time.extend,
    force: time.force,
    dialogs,
  };
}

/** The three action buttons of a candidate, enabled while they are answering. */
export function MonitorActionButtons({
  row,
  actions,
  extra,
}: {
  row: MonitorRow;
  actions: MonitorActions;
  extra?: ReactNode;
}): ReactNode {
  const answering = row.state === 'in_progress' && row.attemptId !== null;
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" disabled={!answering} onClick={() => actions.warn(row)}>
        警告
      </Button>
      <Button type="link" size="small" onClick={() => actions.extend(row)}>
        延时
      </Button>
      <Button type="link" size="small" danger disabled={!answering} onClick={() => actions.force(row)}>
        强制交卷
      </Button>
      {extra}
    </Space>
  );
}
