import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { DEFAULT_EXAM_SETTINGS } from '@kaopei/shared/contracts/exam';
import { settingsFromValues } from '../exam-rules';
import { AntiCheatingFields } from './anti-cheating-fields';

function renderFields(initial: Record<string, unknown>, onSave: (values: Record<string, unknown>) => void) {
  function Harness() {
    const [form] = Form.useForm();
    return (
      <Form form={form} initialValues={initial} layout="vertical">
        <AntiCheatingFields />
        <Button
          onClick={() =>
            void form.validateFields().then((shown) => onSave({ ...form.getFieldsValue(true), ...shown }))
          }
        >
          提交设置
        </Button>
      </Form>
    );
  }
  return render(<Harness />);
}

describe('AntiCheatingFields', () => {
  it('labels every rule and shows the snapshot interval only while snapshots are on', async () => {
    const onSave = vi.fn();
    renderFields({ ...DEFAULT_EXAM_SETTINGS, snapshotIntervalSeconds: 45 }, onSave);
    expect(screen.getByLabelText('切屏次数上限')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: '全屏作答' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: '禁止复制粘贴' })).toBeInTheDocument();
    expect(screen.queryByLabelText('抓拍间隔（秒）')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('切屏次数上限'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('switch', { name: '禁止复制粘贴' }));
    fireEvent.click(screen.getByRole('switch', { name: '摄像头抓拍' }));
    expect(await screen.findByLabelText('抓拍间隔（秒）')).toHaveValue('45');

    fireEvent.click(screen.getByRole('button', { name: '提交设置' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(settingsFromValues(onSave.mock.calls[0]?.[0] as Record<string, unknown>)).toEqual({
      ...DEFAULT_EXAM_SETTINGS,
      leaveLimit: 2,
      blockCopyPaste: true,
      webcamSnapshots: true,
      snapshotIntervalSeconds: 45,
    });
  });

  it('keeps a hidden snapshot interval when snapshots are off', async () => {
    const onSave = vi.fn();
    renderFields({ ...DEFAULT_EXAM_SETTINGS, snapshotIntervalSeconds: 300 }, onSave);
    fireEvent.click(screen.getByRole('button', { name: '提交设置' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(settingsFromValues(onSave.mock.calls[0]?.[0] as Record<string, unknown>)).toMatchObject({
      webcamSnapshots: false,
      snapshotIntervalSeconds: 300,
    });
  });

  it('keeps the interval within 10 to 3600 seconds', async () => {
    const onSave = vi.fn();
    renderFields({ ...DEFAULT_EXAM_SETTINGS, webcamSnapshots: true }, onSave);
    const interval = screen.getByLabelText('抓拍间隔（秒）');
    fireEvent.change(interval, { target: { value: '5' } });
    fireEvent.blur(interval);
    fireEvent.click(screen.getByRole('button', { name: '提交设置' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(settingsFromValues(onSave.mock.calls[0]?.[0] as Record<string, unknown>)).toMatchObject({
      snapshotIntervalSeconds: 10,
    });
  });
});
