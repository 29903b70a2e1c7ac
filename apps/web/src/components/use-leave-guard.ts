import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useBlocker } from 'react-router';

/**
 * Warns before leaving a page with unsaved changes: in-app navigation through the router's blocker
 * (a confirm dialog), closing or reloading the tab through `beforeunload`. `allowNext()` lets the next
 * navigation through (e.g. replacing the URL after the first save). `dirty` may be a function, asked at
 * the moment of leaving (a form's `isFieldsTouched`).
 */
export function useLeaveGuard(
  dirty: boolean | (() => boolean),
  message = '有未保存的修改，离开后将丢失。确定离开吗？',
) {
  const { modal } = App.useApp();
  const allowRef = useRef(false);
  const isDirty = typeof dirty === 'function' ? dirty : () => dirty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowRef.current) {
      allowRef.current = false;
      return false;
    }
    return (
      isDirty() &&
      currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search
    );
  });

  const askingRef = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked') {
      askingRef.current = false;
      return;
    }
    // The blocker object changes on every render: ask once per blocked navigation.
    if (askingRef.current) return;
    askingRef.current = true;
    modal.confirm({
      title: '离开此页面？',
      content: message,
      okText: '离开',
      cancelText: '留下',
      okButtonProps: { danger: true },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, message]);

  const dirtyRef = useRef(isDirty);
  dirtyRef.current = isDirty;
  const mayBeDirty = typeof dirty === 'function' || dirty;
  useEffect(() => {
    if (!mayBeDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current()) return;
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [mayBeDirty]);

  return {
    allowNext: () => {
      allowRef.current = true;
    },
  };
}
