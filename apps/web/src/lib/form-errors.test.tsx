import { act, render, screen } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { toast } from './feedback';
import { formNameOf, showErrorOnForm } from './form-errors';
import { ApiError } from './http';

vi.mock('./feedback', () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));

function refusal(field?: string): ApiError {
  return new ApiError('账号「zhangsan」已被使用', {
    status: 409,
    body: { code: -1, message: '账号「zhangsan」已被使用', res: null, ...(field ? { field } : {}) },
  });
}

function renderForm(): FormInstance {
  let instance: FormInstance | undefined;
  function Harness() {
    const [form] = Form.useForm();
    instance = form;
    return (
      <Form form={form}>
        <Form.Item name="account" label="账号">
          <Input />
        </Form.Item>
        <Form.List name="options" initialValue={[{ content: 'a' }, { content: 'b' }, { content: '' }]}>
          {(fields) =>
            fields.map((field) => (
              <Form.Item key={field.key} name={[field.name, 'content']} label={`选项${field.name}`}>
                <Input />
              </Form.Item>
            ))
          }
        </Form.List>
      </Form>
    );
  }
  render(<Harness />);
  if (!instance) throw new Error('no form');
  return instance;
}

describe('formNameOf', () => {
  it('turns a dotted path into a name path with list indices as numbers', () => {
    expect(formNameOf('options.2.content')).toEqual(['options', 2, 'content']);
    expect(formNameOf('account')).toEqual(['account']);
  });
  it('follows the form’s own names', () => {
    expect(formNameOf('startAt', { startAt: 'window' })).toEqual(['window']);
    expect(formNameOf('departmentIds.0', { departmentIds: ['audience', 'departments'] })).toEqual([
      'audience',
      'departments',
    ]);
  });
});

describe('showErrorOnForm', () => {
  it('shows the message under the field the server names, with no toast', async () => {
    const form = renderForm();
    form.scrollToField = vi.fn();
    let shown = false;
    act(() => {
      shown = showErrorOnForm(form, refusal('account'));
    });
    expect(shown).toBe(true);
    expect(form.getFieldError(['account'])).toEqual(['账号「zhangsan」已被使用']);
    expect(await screen.findByText('账号「zhangsan」已被使用')).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('places an error of a list item under that item', () => {
    const form = renderForm();
    form.scrollToField = vi.fn();
    act(() => {
      showErrorOnForm(form, refusal('options.2.content'));
    });
    expect(form.getFieldError(['options', 2, 'content'])).toEqual(['账号「zhangsan」已被使用']);
    expect(form.getFieldError(['options', 1, 'content'])).toEqual([]);
  });

  it('toasts a refusal about a field the form does not show', () => {
    const form = renderForm();
    vi.mocked(toast.error).mockClear();
    expect(showErrorOnForm(form, refusal('departmentId'))).toBe(false);
    expect(toast.error).toHaveBeenCalledWith('账号「zhangsan」已被使用');
  });

  it('leaves an error without a field alone (the request already toasted it)', () => {
    const form = renderForm();
    vi.mocked(toast.error).mockClear();
    expect(showErrorOnForm(form, refusal())).toBe(false);
    expect(toast.error).not.toHaveBeenCalled();
  });
});
