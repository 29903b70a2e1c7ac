import { useState, type ReactNode } from 'react';
import { App, Form, Modal, Select } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApplyForm, type ApplyChannel } from '../../../components/resume-apply/apply-form';
import { addApplication, fetchJobs, recruitKeys, uploadResumeAsRecruiter } from '../api';

const RECRUITER_APPLY: ApplyChannel = { upload: uploadResumeAsRecruiter, apply: addApplication };

/**
 * 添加应聘者: the recruiter picks the job, uploads the résumé (its fields pre-filled, as on the
 * applicant's page: the same form), confirms and adds; the applicant joins the list at 投递 with the
 * source 招聘专员录入 (merged by phone/e-mail with an earlier one).
 */
export function AddApplicantModal({ open, onClose }: { open: boolean; onClose: () => void }): ReactNode {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<number | undefined>();
  const jobs = useQuery({
    queryKey: recruitKeys.jobs({}, 0, 200),
    queryFn: () => fetchJobs({}, 0, 200),
    enabled: open,
  });
  const job = jobs.data?.data.find((j) => j.jobId === jobId);
  return (
    <Modal
      open={open}
      title="添加应聘者"
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => setJobId(undefined)}
    >
      <Form layout="vertical" component="div">
        <Form.Item
          label="应聘职位"
          htmlFor="add-applicant-job"
          required
          help={job ? undefined : '请先选择职位'}
        >
          <Select<number>
            id="add-applicant-job"
            showSearch
            optionFilterProp="label"
            loading={jobs.isPending}
            value={jobId}
            onChange={setJobId}
            options={(jobs.data?.data ?? []).map((j) => ({ value: j.jobId, label: j.name }))}
          />
        </Form.Item>
      </Form>
      {job && (
        <ApplyForm
          jobId={job.jobId}
          jobName={job.name}
          channel={RECRUITER_APPLY}
          submitLabel="添加应聘者"
          onApplied={(applied) => {
            message.success(applied.merged ? '已添加，并合并到同一手机号/邮箱的应聘者' : '已添加应聘者');
            void queryClient.invalidateQueries({ queryKey: recruitKeys.all });
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
