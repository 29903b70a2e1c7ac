import type { ReactNode } from 'react';
import { App } from 'antd';
import { CoverPicker } from '../../../components/cover-input';

/** The cover as the form holds it: the uploaded file's id and its address (to show it). */
export interface CoverValue {
  id: number;
  url: string;
}

/** A course's cover: the server takes the file's id. */
export function CoverField(props: {
  value?: CoverValue | null;
  onChange?: (cover: CoverValue | null) => void;
}): ReactNode {
  const { message } = App.useApp();
  return (
    <CoverPicker
      {...props}
      alt="课程封面"
      onError={(text) => void message.error(text)}
      fromUpload={({ id, url }) => ({ id, url })}
      urlOf={(cover) => cover.url}
    />
  );
}
