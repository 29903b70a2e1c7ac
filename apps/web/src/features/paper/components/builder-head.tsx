import type { ReactNode } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Select, Space, Switch, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import type { PaperBuilderModel } from '../pages/use-paper-builder';
import { PaperStats } from './paper-stats';

/** The builder's head: name, paper bank, classify switch, save state, actions, then the live totals. */
export function BuilderHead({ model }: { model: PaperBuilderModel }): ReactNode {
  const { dirty, draft } = model;
  return (
    <Card size="small" className="kp-builder__head">
      <div className="kp-builder__meta">
        <BuilderMetaFields model={model} />
        <span className="kp-builder__spacer" />
        <Typography.Text type="secondary" className="kp-builder__state" data-testid="builder-state">
          {builderStateText(model)}
        </Typography.Text>
        <BuilderActions model={model} />
      </div>
      <PaperStats totals={model.totals} />
      {dirty && draft.status === 1 ? (
        <Alert
          type="info"
          showIcon
          className="kp-builder__alert"
          title="已保存的试卷不会自动保存：修改后请点击“保存”（已有试题的分值修改会立即生效）。"
        />
      ) : null}
    </Card>
  );
}

/** The paper's name, its paper bank and 按题型分类. */
function BuilderMetaFields({ model }: { model: PaperBuilderModel }): ReactNode {
  const { state, dispatch, paperBankId, setPaperBankId } = model.draft;
  return (
    <>
      <Input
        value={state.paper.name}
        onChange={(event) => dispatch({ type: 'name', name: event.target.value })}
        placeholder="请输入试卷名称"
        aria-label="试卷名称"
        maxLength={200}
        className="kp-builder__name"
      />
      <Select
        allowClear
        value={paperBankId}
        onChange={(value?: number) => {
          setPaperBankId(value);
          dispatch({ type: 'touch' });
        }}
        placeholder="所属试卷库（可选）"
        aria-label="所属试卷库"
        style={{ width: 200 }}
        loading={model.banksLoading}
        options={model.bankOptions}
      />
      <Tooltip title="开启后，选中的试题放入以其题型命名的大题（没有时自动新建）">
        <Space size={4}>
          <Switch
            checked={state.classifyByType}
            onChange={(on) => dispatch({ type: 'classify', on })}
            aria-label="按题型分类"
          />
          <span>按题型分类</span>
        </Space>
      </Tooltip>
    </>
  );
}

/** Where the paper stands: saving, unsaved, autosaved, saved, draft or new. */
function builderStateText({ writes, dirty, draft }: PaperBuilderModel): string {
  const { status, autosavedAt, paperId } = draft;
  return writes.save.isPending || writes.autosave.isPending
    ? '正在保存…'
    : dirty
      ? status === 1
        ? '有未保存的修改'
        : '有未保存的修改（草稿会自动保存）'
      : autosavedAt
        ? `草稿已自动保存 ${dayjs(autosavedAt).format('HH:mm:ss')}`
        : paperId
          ? status === 1
            ? '已保存'
            : '草稿'
          : '新试卷';
}

/** 预览 (the last saved content), 另存为 and 保存. */
function BuilderActions({ model }: { model: PaperBuilderModel }): ReactNode {
  return (
    <>
      <Button disabled={model.draft.paperId === undefined} onClick={model.preview}>
        预览
      </Button>
      <Button onClick={model.saveAsDialog.openSaveAs} disabled={model.picked.length === 0}>
        另存为
      </Button>
      <Button type="primary" loading={model.writes.save.isPending} onClick={model.trySave}>
        保存
      </Button>
    </>
  );
}

/** 另存为新试卷: asks the copy's name, then saves the current content under it. */
export function SaveAsDialog({ model }: { model: PaperBuilderModel }): ReactNode {
  const { saveAsDialog, writes, draft } = model;
  return (
    <Modal
      open={saveAsDialog.open}
      title="另存为新试卷"
      okText="保存"
      cancelText="取消"
      confirmLoading={writes.saveAs.isPending}
      onCancel={saveAsDialog.close}
      onOk={() => saveAsDialog.form.submit()}
      forceRender
    >
      <Form
        form={saveAsDialog.form}
        layout="vertical"
        onFinish={(values) => writes.saveAs.mutate({ snapshot: draft.state, name: values.name.trim() })}
      >
        <Form.Item
          name="name"
          label="新试卷名称"
          rules={[
            { required: true, whitespace: true, message: '请输入试卷名称' },
            { max: 200, message: '试卷名称不能超过 200 个字符' },
          ]}
        >
          <Input aria-label="新试卷名称" maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
