import type { ReactNode } from 'react';
import { App, Button, Card, Col, Form, Input, Row, Select, Switch } from 'antd';
import { useNavigate } from 'react-router';
import { CoverInput } from '../../../components/cover-input';
import { RELEASE_OPTIONS } from '../exam-rules';
import type { SaveMode } from '../use-exam-save';

/** The exam editor's "基本信息": name, cover and description. */
export function BasicInfoCard(): ReactNode {
  const { message } = App.useApp();
  return (
    <Card size="small" title="基本信息">
      <Form.Item
        name="name"
        label="考试名称"
        rules={[
          { required: true, whitespace: true, message: '请输入考试名称' },
          { max: 200, message: '考试名称不能超过 200 个字符' },
        ]}
      >
        <Input placeholder="例如：2024 年度安全生产考试" maxLength={200} />
      </Form.Item>
      <Form.Item name="coverUrl" label="封面">
        <CoverInput onError={(text) => message.error(text)} alt="考试封面" />
      </Form.Item>
      <Form.Item
        name="description"
        label="考试说明"
        rules={[{ max: 5000, message: '考试说明不能超过 5000 个字符' }]}
      >
        <Input.TextArea rows={3} maxLength={5000} showCount placeholder="考生开始前看到的说明（选填）" />
      </Form.Item>
    </Card>
  );
}

const RESULT_SWITCHES = [
  ['showAnalysis', '显示解析'],
  ['shuffleQuestions', '题目乱序'],
  ['shuffleOptions', '选项乱序'],
  ['partialCredit', '多选题少选得分'],
  ['blindMarking', '匿名阅卷'],
] as const;

/** The exam editor's "成绩与答案": when scores and answers are released, and the marking switches. */
export function ResultsCard(): ReactNode {
  return (
    <Card size="small" title="成绩与答案">
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="showScore" label="成绩公布">
            <Select options={RELEASE_OPTIONS} aria-label="成绩公布" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="showAnswers" label="答案公布">
            <Select options={RELEASE_OPTIONS} aria-label="答案公布" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        {RESULT_SWITCHES.map(([name, label]) => (
          <Col key={name} xs={12} sm={8} md={4}>
            <Form.Item name={name} label={label} valuePropName="checked">
              <Switch aria-label={label} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </Card>
  );
}

/** The exam editor's "通知": whether publishing sends the candidates a message. */
export function NotifyCard(): ReactNode {
  return (
    <Card size="small" title="通知">
      <Form.Item
        name="notify"
        label="发布时通过消息通知考生"
        valuePropName="checked"
        style={{ marginBottom: 0 }}
      >
        <Switch aria-label="通知考生" />
      </Form.Item>
    </Card>
  );
}

/**
 * The exam editor's buttons: cancel, and either "保存修改" (a published exam) or "保存草稿" and
 * "保存并发布"; all are disabled while a save is under way.
 */
export function EditorActions({
  published,
  saving,
  onSave,
}: {
  published: boolean;
  saving: SaveMode | null;
  onSave: (mode: SaveMode) => Promise<void>;
}): ReactNode {
  const navigate = useNavigate();
  return (
    <div className="kp-exam-editor__actions">
      <Button onClick={() => void navigate('/manage/exam/list')}>取消</Button>
      {published ? (
        <Button
          type="primary"
          loading={saving === 'save'}
          disabled={saving !== null}
          onClick={() => void onSave('save')}
        >
          保存修改
        </Button>
      ) : (
        <>
          <Button
            loading={saving === 'draft'}
            disabled={saving !== null}
            onClick={() => void onSave('draft')}
          >
            保存草稿
          </Button>
          <Button
            type="primary"
            loading={saving === 'publish'}
            disabled={saving !== null}
            onClick={() => void onSave('publish')}
          >
            保存并发布
          </Button>
        </>
      )}
    </div>
  );
}
