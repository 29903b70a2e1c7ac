import { create } from 'zustand';
import { DEFAULT_MODE, isMode, type Mode } from '@kaopei/shared';
import { storage, STORAGE_KEYS } from '../lib/storage';

/** UI state of the management area: the function mode (persisted) and the navigation bar's collapse. */
interface UiState {
  mode: Mode;
  navCollapsed: boolean;
  setMode: (mode: Mode) => void;
  toggleNav: () => void;
}

function storedMode(): Mode {
  const value = storage.getString(STORAGE_KEYS.mode);
  return isMode(value) ? value : DEFAULT_MODE;
}

export const useUiStore = create<UiState>((set) => ({
  mode: storedMode(),
  navCollapsed: false,
  setMode: (mode) => {
    storage.setString(STORAGE_KEYS.mode, mode);
    set({ mode });
  },
  toggleNav: () => set((state) => ({ navCollapsed: !state.navCollapsed })),
}));
