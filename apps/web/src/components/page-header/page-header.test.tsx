import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './page-header';

describe('PageHeader', () => {
  it('shows the title as the page heading, the description under it and the actions', () => {
    render(<PageHeader title="员工管理" description="维护组织架构与员工账号" actions={<Button>导出</Button>} />);
    const header = screen.getByRole('banner');
    expect(screen.getByRole('heading', { name: '员工管理' })).toBeInTheDocument();
    expect(header).toHaveTextContent('维护组织架构与员工账号');
    expect(header.querySelector('.kp-page-header__actions')).toHaveTextContent(/导\s*出/);
  });

  it('leaves out the description and actions rows when there are none', () => {
    render(<PageHeader title="试卷列表" />);
    const header = screen.getByRole('banner');
    expect(header.querySelector('.kp-page-header__description')).toBeNull();
    expect(header.querySelector('.kp-page-header__actions')).toBeNull();
  });
});
