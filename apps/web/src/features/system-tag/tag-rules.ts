import type { FormRule } from 'antd';
import type { TagInput, TagRow } from './api';

/** Colours offered first in the pickers (antd's palette). */
export const TAG_COLOR_PRESETS = [
  '#1677ff',
  '#13c2c2',
  '#52c41a',
  '#faad14',
  '#fa541c',
  '#f5222d',
  '#eb2f96',
  '#722ed1',
  '#2f54eb',
  '#8c8c8c',
] as const;

export const DEFAULT_TAG_COLOR = TAG_COLOR_PRESETS[0];

export const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

export const TAG_NAME_RULES: FormRule[] = [
  { required: true, whitespace: true, message: '请输入标签名称' },
  { max: 50, message: '标签名称不能超过 50 个字符' },
];

export const TAG_COLOR_RULES: FormRule[] = [
  { required: true, message: '请选择颜色' },
  { pattern: HEX_COLOR, message: '颜色必须是十六进制色值，如 #1677ff' },
];

export const TAG_DESCRIPTION_RULES: FormRule[] = [{ max: 200, message: '描述不能超过 200 个字符' }];

/** What an inline edit changed, trimmed; empty when nothing did. */
export function tagChanges(original: TagRow, edited: TagRow): Partial<TagInput> {
  const changes: Partial<TagInput> = {};
  const name = edited.name.trim();
  if (name !== original.name) changes.name = name;
  const color = edited.color.toLowerCase();
  if (color !== original.color.toLowerCase()) changes.color = color;
  const description = edited.description?.trim() || null;
  if (description !== (original.description || null)) changes.description = description;
  return changes;
}
