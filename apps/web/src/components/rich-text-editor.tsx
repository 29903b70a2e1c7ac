import { useEffect, useRef, type ReactNode } from 'react';
import { App, Button, Space } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { uploadPublicImage } from '../lib/upload';
import './rich-text-editor.css';

/**
 * Tiptap rich text (bold, italic, lists, images uploaded as public files) as a form control holding HTML;
 * the server sanitises what it stores. `label` is the editing area's accessible name.
 */
export function RichTextEditor({
  value,
  onChange,
  label,
  className,
  testId,
}: {
  value?: string | null;
  onChange?: (html: string) => void;
  label: string;
  /** Extra class on the frame (a feature's own spacing). */
  className?: string;
  testId?: string;
}): ReactNode {
  const { message } = App.useApp();
  const fileRef = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [StarterKit, Image.configure({ inline: true })],
    content: value ?? '',
    // The editable element itself is the text box screen readers meet: named and multi-line.
    editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label } },
    onUpdate: ({ editor: current }) => onChange?.(current.isEmpty ? '' : current.getHTML()),
  });

  // Follow outside changes (form reset, another record loaded).
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value ?? '') !== current) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  const pickImage = async (file: File | undefined) => {
    if (!file || !editor) return;
    if (!file.type.startsWith('image/')) {
      message.error('请选择图片文件');
      return;
    }
    try {
      const { url } = await uploadPublicImage(file);
      editor.chain().focus().setImage({ src: url, alt: file.name }).run();
    } catch {
      message.error('图片上传失败');
    }
  };

  const toggle = (name: string, icon: ReactNode, text: string, run: () => void) => (
    <Button
      size="small"
      type={editor?.isActive(name) ? 'primary' : 'text'}
      icon={icon}
      aria-label={text}
      aria-pressed={editor?.isActive(name) ?? false}
      onClick={run}
    />
  );

  return (
    <div className={`kp-rte${className ? ` ${className}` : ''}`} data-testid={testId}>
      <Space size={4} className="kp-rte__toolbar">
        {toggle('bold', <BoldOutlined />, '加粗', () => editor?.chain().focus().toggleBold().run())}
        {toggle('italic', <ItalicOutlined />, '斜体', () => editor?.chain().focus().toggleItalic().run())}
        {toggle('bulletList', <UnorderedListOutlined />, '列表', () =>
          editor?.chain().focus().toggleBulletList().run(),
        )}
        {toggle('orderedList', <OrderedListOutlined />, '编号列表', () =>
          editor?.chain().focus().toggleOrderedList().run(),
        )}
        <Button
          size="small"
          type="text"
          icon={<PictureOutlined />}
          aria-label="插入图片"
          onClick={() => fileRef.current?.click()}
        />
      </Space>
      <input
        ref={fileRef}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        style={{ display: 'none' }}
        aria-hidden
        tabIndex={-1}
        onChange={(event) => {
          void pickImage(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <EditorContent editor={editor} className="kp-rte__content" />
    </div>
  );
}
