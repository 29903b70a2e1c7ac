import type { ReactElement, ReactNode } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider, Form, Input } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { JobView } from '@kaopei/shared/contracts/file';
import { ExcelImportDialog } from './excel-import-dialog';

const call = vi.hoisted(() => vi.fn());
vi.mock('../lib/api', () => ({ call }));

const finished: JobView = {
  id: 7,
  kind: 'staff-import',
  status: 'succeeded',
  percent: 100,
  processed: 3,
  total: 3,
  error: null,
  result: {
    mode: 'valid',
    total: 3,
    imported: 2,
    failedRows: 1,
    errors: [{ row: 3, field: '姓名', reason: '姓名不能为空' }],
    errorsTruncated: false,
  },
};

function Providers({ children }: { children: ReactNode }): ReactElement {
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ConfigProvider locale={zhCN}>
        <App>{children}</App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

describe('ExcelImportDialog', () => {
  it('uploads the chosen file in the chosen mode, polls the job and lists the bad rows', async () => {
    call.mockResolvedValue(finished);
    const start = vi.fn(() => Promise.resolve({ jobId: 7 }));
    const onImported = vi.fn();
    render(
      <ExcelImportDialog
        open
        title="导入员工"
        hint="按模板填写"
        unit="名员工"
        downloadTemplate={() => Promise.resolve('模板.xlsx')}
        start={start}
        fields={
          <Form.Item label="备注">
            <Input aria-label="备注" />
          </Form.Item>
        }
        onClose={() => undefined}
        onImported={onImported}
      />,
      { wrapper: Providers },
    );
    const dialog = screen.getByRole('dialog', { name: '导入员工' });
    expect(within(dialog).getByLabelText('备注')).toBeInTheDocument();
    const startButton = within(dialog).getByRole('button', { name: '开始导入' });
    expect(startButton).toBeDisabled();

    const file = new File(['x'], '员工.xlsx');
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [file] } });
    fireEvent.click(within(dialog).getByLabelText('仅导入正确行'));
    await waitFor(() => expect(startButton).toBeEnabled());
    fireEvent.click(startButton);

    const result = await within(dialog).findByTestId('import-result');
    expect(start).toHaveBeenCalledWith(expect.objectContaining({ name: '员工.xlsx' }), 'valid');
    expect(call).toHaveBeenCalledWith(expect.anything(), { params: { id: 7 } });
    expect(result).toHaveTextContent('已导入 2 名员工，1 行未导入');
    expect(within(result).getByRole('cell', { name: '姓名不能为空' })).toBeInTheDocument();
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('keeps 开始导入 off until the extra fields are ready', () => {
    render(
      <ExcelImportDialog
        open
        title="导入试题"
        hint="按模板填写"
        unit="道试题"
        downloadTemplate={() => Promise.resolve('模板.xlsx')}
        start={() => Promise.resolve({ jobId: 1 })}
        ready={false}
        onClose={() => undefined}
        onImported={() => undefined}
      />,
      { wrapper: Providers },
    );
    const dialog = screen.getByRole('dialog', { name: '导入试题' });
    fireEvent.change(dialog.querySelector('input[type="file"]')!, {
      target: { files: [new File(['x'], '试题.xlsx')] },
    });
    expect(within(dialog).getByRole('button', { name: '开始导入' })).toBeDisabled();
  });
});
