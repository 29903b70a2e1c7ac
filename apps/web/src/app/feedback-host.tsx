/**
 * antd's message, notification and modal hooks with their holders, loaded after the first paint by
 * AppFeedback (app-feedback.tsx) so the entry carries none of them (issue 14 point 8).
 */
import { useEffect, type ReactNode } from 'react';
import { message, Modal, notification } from 'antd';
import type { useAppProps } from 'antd/es/app/context';

/** Toasts sit below the top bar so they never cover the mode switch or the bell. */
const MESSAGE_CONFIG = { top: 72, maxCount: 3 } as const;

export default function FeedbackHost({
  onReady,
}: {
  onReady: (apis: useAppProps | null) => void;
}): ReactNode {
  const [messageApi, messageHolder] = message.useMessage(MESSAGE_CONFIG);
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => {
    onReady({ message: messageApi, notification: notificationApi, modal: modalApi });
    return () => onReady(null);
  }, [onReady, messageApi, notificationApi, modalApi]);
  return (
    <>
      {messageHolder}
      {notificationHolder}
      {modalHolder}
    </>
  );
}
