/**
 * Zod's messages in plain Chinese, for the schemas that give none of their own. Zod's zh-CN locale
 * still says `期望 string，实际接收 undefined`; a person filling a form knows neither word.
 * The server installs it with `z.config(chineseErrors)`; so may any client that validates with the
 * contracts.
 */
import type { z } from 'zod';

const TYPE_NAMES: Record<string, string> = {
  string: '文本',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '是或否',
  array: '列表',
  object: '对象',
  date: '日期',
  null: '空值',
  nan: '有效数字',
};

const FORMAT_NAMES: Record<string, string> = {
  email: '电子邮箱',
  url: '网址',
  uuid: 'UUID',
  datetime: '日期时间',
  date: '日期',
  time: '时间',
  regex: '要求的格式',
  ipv4: 'IPv4 地址',
  ipv6: 'IPv6 地址',
};

function typeName(type: string): string {
  return TYPE_NAMES[type] ?? '正确的类型';
}

type Issue = Parameters<NonNullable<z.core.$ZodConfig['localeError']>>[0];

function bound(issue: Issue & { code: 'too_big' | 'too_small' }): string {
  const big = issue.code === 'too_big';
  const limit = String(big ? issue.maximum : issue.minimum);
  const inclusive = issue.inclusive !== false;
  if (issue.origin === 'string') {
    if (!big && limit === '1') return '不能为空';
    return big ? `不能超过 ${limit} 个字符` : `不能少于 ${limit} 个字符`;
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    if (!big && limit === '1') return '至少选择一项';
    return big ? `最多 ${limit} 项` : `至少 ${limit} 项`;
  }
  if (big) return inclusive ? `不能大于 ${limit}` : `必须小于 ${limit}`;
  return inclusive ? `不能小于 ${limit}` : `必须大于 ${limit}`;
}

function message(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return '不能为空';
      return `应为${typeName(issue.expected)}`;
    case 'too_big':
    case 'too_small':
      return bound(issue);
    case 'invalid_value':
      return `只能是 ${issue.values.map((value) => String(value)).join('、')}`;
    case 'invalid_format':
      return `不是有效的${FORMAT_NAMES[issue.format] ?? '格式'}`;
    case 'not_multiple_of':
      return `必须是 ${String(issue.divisor)} 的倍数`;
    case 'unrecognized_keys':
      return '包含不认识的字段';
    default:
      return '格式不正确';
  }
}

/** The shapes of the messages above; a message of another shape is a schema's own (see field-labels.ts). */
const STOCK_MESSAGES = [
  /^不能为空$/,
  /^应为\S+$/,
  /^不能(超过|少于) \S+ 个字符$/,
  /^至少选择一项$/,
  /^(最多|至少) \S+ 项$/,
  /^(不能大于|必须小于|不能小于|必须大于) \S+$/,
  /^只能是 /,
  /^不是有效的\S+$/,
  /^必须是 \S+ 的倍数$/,
  /^包含不认识的字段$/,
  /^格式不正确$/,
];

/** Whether `message` is one of zod's stock messages (which do not name their field). */
export function isStockMessage(message: string): boolean {
  return STOCK_MESSAGES.some((shape) => shape.test(message));
}

export const chineseErrors: Partial<z.core.$ZodConfig> = {
  localeError: (issue) => ({ message: message(issue) }),
};
