import { useEffect, useRef, type ReactNode } from 'react';
import { App, Button, Space } from 'antd';
import { BoldOutlined, ItalicOutlined, PictureOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { uploadImage } from '../api';

/** Tiptap rich text for the stem: basic formatting and images uploaded as public files. */
export function RichTextEditor({
  value,
  onChange,
  placeholder,
}: {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
}): ReactNode {
  const { message } = App.useApp();
  const fileRef = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [StarterKit, Image.configure({ inline: true })],
    content: value ?? '',
    onUpdate: ({ editor: current }) => onChange?.(current.isEmpty ? '' : current.getHTML()),
  });

  // Follow outside changes (form reset, another question loaded).
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
      const src = await uploadImage(file);
      editor.chain().focus().setImage({ src, alt: file.name }).run();
    } catch {
      message.error('图片上传失败');
    }
  };

  return (
    <div className="kp-question-rte" data-testid="stem-editor">
      <Space size={4} className="kp-question-rte__toolbar">
        <Button
          size="small"
          type={editor?.isActive('bold') ? 'primary' : 'text'}
          icon={<BoldOutlined />}
          aria-label="加粗"
          onClick={() => editor?.chain().focus().toggleBold().run()}
        />
        <Button
          size="small"
          type={editor?.isActive('italic') ? 'primary' : 'text'}
          icon={<ItalicOutlined />}
          aria-label="斜体"
          onClick={() => editor?.chain().focus().toggleItalic().run()}
        />
        <Button
          size="small"
          type={editor?.isActive('bulletList') ? 'primary' : 'text'}
          icon={<UnorderedListOutlined />}
          aria-label="列表"
          onClick={() => editor?.chain().focus().toggleBulletList().run()}
        />
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
        onChange={(event) => {
          void pickImage(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <EditorContent
        editor={editor}
        className="kp-question-rte__content"
        aria-label={placeholder ?? '题干'}
      />
    </div>
  );
}
