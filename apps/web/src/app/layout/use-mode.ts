import { useMemo } from 'react';
import { canSwitchMode, type Mode } from '@kaopei/shared';
import { useSessionStore } from '../../stores/session-store';
import { useUiStore } from '../../stores/ui-store';
import { useAppConfig } from '../app-config-context';
import { flattenMenuNames } from './menu-model';

/**
 * Whether the mode radio is offered (spec §6: admins, or a menu name containing 学习管理 / 招聘管理; never
 * when the edition hides it) and the mode the navigation filters by. Without the radio the whole menu is
 * shown: a mode left in storage by another account must not hide entries the user cannot switch back to.
 */
export function useModeState(): { showModeSwitch: boolean; mode: Mode; filterMode: Mode | null } {
  const config = useAppConfig();
  const isAdmin = useSessionStore((state) => Boolean(state.userInfo?.isAdmin));
  const menu = useSessionStore((state) => state.menuInfo);
  const mode = useUiStore((state) => state.mode);
  const showModeSwitch = useMemo(
    () => !config.hideModeSwitch && canSwitchMode(isAdmin, flattenMenuNames(menu)),
    [config.hideModeSwitch, isAdmin, menu],
  );
  return { showModeSwitch, mode, filterMode: showModeSwitch ? mode : null };
}
