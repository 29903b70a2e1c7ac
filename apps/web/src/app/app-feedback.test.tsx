import { act, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { toast } from '../lib/feedback';
import { AppFeedback, feedbackApis } from './app-feedback';

function UsesApp(): ReactNode {
  const { message, modal } = App.useApp();
  useEffect(() => {
    void message.success('已保存');
    modal.info({ title: '提示', content: '对话框内容' });
  }, [message, modal]);
  return <span>页面</span>;
}

describe('AppFeedback', () => {
  it('gives App.useApp() stand-ins that reach antd once it has loaded, replaying earlier calls', async () => {
    toast.error('网络错误(502)，请稍后重试！');
    render(
      <AppFeedback>
        <UsesApp />
      </AppFeedback>,
    );
    expect(screen.getByText('页面')).toBeInTheDocument();
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    expect(await screen.findByText('网络错误(502)，请稍后重试！')).toBeInTheDocument();
    expect(await screen.findByText('对话框内容')).toBeInTheDocument();
    await act(async () => {
      toast.info('之后的提示');
    });
    expect(await screen.findByText('之后的提示')).toBeInTheDocument();
  });

  it('keeps the same API objects across renders', () => {
    let seen: unknown;
    function Probe(): ReactNode {
      seen = App.useApp().message;
      return null;
    }
    const { rerender } = render(
      <AppFeedback>
        <Probe />
      </AppFeedback>,
    );
    rerender(
      <AppFeedback>
        <Probe />
      </AppFeedback>,
    );
    expect(seen).toBe(feedbackApis.message);
  });
});
