import { useEffect, useState, type ReactNode } from 'react';
import { Form, Input, Modal, Rate } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EVALUATION_COMMENT_MAX } from '@kaopei/shared/contracts/learn';
import { toast } from '../../../lib/feedback';
import { evaluateCourse, learnKeys, type LearnCourse } from '../api';

const RATING_TEXT = ['很差', '较差', '一般', '推荐', '强烈推荐'];

/** 评价课程: 1–5 stars and a comment; saving again replaces the learner's evaluation. */
export function RateDialog({
  course,
  open,
  onClose,
}: {
  course: LearnCourse;
  open: boolean;
  onClose: () => void;
}): ReactNode {
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(course.myEvaluation?.rating ?? 0);
  const [comment, setComment] = useState(course.myEvaluation?.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setRating(course.myEvaluation?.rating ?? 0);
    setComment(course.myEvaluation?.comment ?? '');
    setError(null);
  }, [open, course.myEvaluation]);
  const save = useMutation({
    mutationFn: () => evaluateCourse({ courseId: course.courseId, rating, comment }),
    onSuccess: async () => {
      toast.success('评价已提交');
      onClose();
      await queryClient.invalidateQueries({ queryKey: learnKeys.course(course.courseId) });
      await queryClient.invalidateQueries({ queryKey: ['learn', 'evaluations', course.courseId] });
    },
  });
  return (
    <Modal
      title="评价课程"
      open={open}
      okText="提交"
      cancelText="取消"
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => {
        if (rating < 1) {
          setError('请选择评分');
          return;
        }
        save.mutate();
      }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label="评分"
          required
          validateStatus={error ? 'error' : undefined}
          help={error ?? (rating > 0 ? RATING_TEXT[rating - 1] : undefined)}
        >
          <Rate
            value={rating}
            onChange={(value) => {
              setRating(value);
              setError(null);
            }}
            tooltips={RATING_TEXT}
            aria-label="评分"
          />
        </Form.Item>
        <Form.Item label="评价内容" htmlFor="kp-learn-comment">
          <Input.TextArea
            id="kp-learn-comment"
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            maxLength={EVALUATION_COMMENT_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
            placeholder="说说你的收获和建议（选填）"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
