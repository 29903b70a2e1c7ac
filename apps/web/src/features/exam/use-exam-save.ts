import { useState } from 'react';
import { App, type FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { showErrorOnForm } from '../../lib/form-errors';
import { serverMessage } from '../../lib/server-message';
import { createExam, examKeys, modifyExam, publishExam, type ExamRow } from './api';
import { hasAudience, valuesToInput, type ExamFormValues } from './exam-rules';

export type SaveMode = 'draft' | 'publish' | 'save';

/** The editor's names of the request fields it shows differently (the window, the audience's lists). */
const FORM_NAMES = {
  startAt: 'window',
  endAt: 'window',
  'audience.departmentIds': 'departmentIds',
  'audience.userIds': 'userIds',
  'audience.tagIds': 'tagIds',
  'audience.registrationFields': 'registrationFields',
  audience: 'departmentIds',
} as const;

/**
 * The exam editor's save: validates, creates or modifies the exam (then publishes it for 'publish'),
 * reports, refreshes the exam queries and goes back to the list; a failure stays on the page with its
 * message. `saving` is the mode under way.
 */
export function useExamSave(
  form: FormInstance<ExamFormValues>,
  exam: ExamRow | null,
  /** Lets the save's own navigation past the editor's unsaved-changes guard. */
  allowLeave: () => void = () => undefined,
) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState<SaveMode | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = async (mode: SaveMode) => {
    let values: ExamFormValues;
    try {
      // validateFields gives the shown fields only; the store also holds the hidden ones (the snapshot
      // interval while snapshots are off, the other audience mode's lists), which the save keeps.
      values = { ...form.getFieldsValue(true), ...(await form.validateFields()) };
    } catch {
      return;
    }
    if (mode === 'publish' && !hasAudience(values)) {
      form.setFields([{ name: 'departmentIds', errors: ['发布前请选择考生（部门、员工或标签）'] }]);
      return;
    }
    setSaving(mode);
    setError(null);
    let saved: ExamRow | null = null;
    try {
      const input = valuesToInput(values);
      saved = exam ? await modifyExam(exam.examId, input) : await createExam(input);
      if (mode === 'publish') saved = await publishExam(saved.examId);
      message.success(
        mode === 'publish'
          ? `考试已发布，考生 ${saved.candidateCount} 人`
          : exam
            ? '考试已保存'
            : '考试已创建',
      );
      await queryClient.invalidateQueries({ queryKey: examKeys.all });
      allowLeave();
      void navigate('/manage/exam/list');
    } catch (failure) {
      // Under its field when the server names one the editor shows (及格分不能超过试卷总分 …).
      if (!showErrorOnForm(form, failure, FORM_NAMES)) setError(serverMessage(failure));
      // Saved but not published: keep editing the saved exam rather than creating another.
      if (saved && !exam) {
        allowLeave();
        void navigate(`/manage/exam/editor?examId=${saved.examId}`, { replace: true });
      }
      await queryClient.invalidateQueries({ queryKey: examKeys.all });
    } finally {
      setSaving(null);
    }
  };

  return { saving, error, clearError: () => setError(null), save };
}
