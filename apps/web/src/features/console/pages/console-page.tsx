import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { seesOrganisationFigures } from '@kaopei/shared';
import { useAppConfig } from '../../../app/app-config-context';
import { flattenMenuUrls } from '../../../app/layout/menu-model';
import { PageError } from '../../../app/page-states';
import { PageHeader } from '../../../components/page-header';
import { useSessionStore } from '../../../stores/session-store';
import { consoleKeys, fetchConsoleStats } from '../api';
import { OrganisationDashboard } from '../components/organisation-dashboard';
import { PersonalHome } from '../components/personal-home';

export function greeting(hour: number): string {
  if (hour >= 5 && hour < 11) return '上午好';
  if (hour >= 11 && hour < 13) return '中午好';
  if (hour >= 13 && hour < 18) return '下午好';
  return '晚上好';
}

/** /manage/console: the organisation's dashboard for those who manage it, everyone else's own home. */
export default function ConsolePage(): ReactNode {
  const config = useAppConfig();
  const userInfo = useSessionStore((state) => state.userInfo);
  const menu = useSessionStore((state) => state.menuInfo);
  // The server applies the same rule; deciding here too picks the layout before the figures arrive.
  const manager = seesOrganisationFigures(Boolean(userInfo?.isAdmin), flattenMenuUrls(menu));
  const stats = useQuery({ queryKey: consoleKeys.stats, queryFn: fetchConsoleStats });
  const today = useMemo(() => dayjs(), []);

  return (
    <div className="kp-page kp-console">
      {/* The layout's page header, with the greeting as its title (route handle ownHeader). */}
      <PageHeader
        title={
          <span data-testid="console-greeting">{`${greeting(today.hour())}，${userInfo?.realName || '欢迎回来'}`}</span>
        }
        description={
          <span data-testid="console-org">
            {userInfo?.organizationName || config.displayName} · {today.format('YYYY年M月D日 dddd')}
          </span>
        }
      />

      {stats.isError ? (
        <PageError description="控制台数据加载失败，请稍后重试。" onRetry={() => void stats.refetch()} />
      ) : manager ? (
        <OrganisationDashboard stats={stats} />
      ) : (
        <PersonalHome stats={stats} />
      )}
    </div>
  );
}
