/** Business constants and limits (spec §9, plus the fixed texts of §2, §5 and §8). */

/** Notices are paged five at a time. */
export const NOTICE_PAGE_SIZE = 5;
/** The message bell preview pulls five messages. */
export const MESSAGE_PREVIEW_SIZE = 5;

/** Zero-based lists start at page 0 (design.md §2). */
export const DEFAULT_PAGE = 0;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
/** Upper bound accepted by the paging schemas. */
export const MAX_PAGE_SIZE = 1000;

/** Points given to a question when it is added to a paper. */
export const DEFAULT_QUESTION_POINTS = 10;
/** Upper bounds (inclusive) of the 简单 / 中等 / 困难 difficulty bands. */
export const DIFFICULTY_THRESHOLDS = [3, 5, 7] as const;

export const QR_CODE_SIZE = 300;
export const ACTION_THROTTLE_MS = 100;
export const RESIZE_THROTTLE_MS = 200;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The training-plan teaser asks the customer to choose this many related positions. */
export const TRAINING_PLAN_POSITION_COUNT = 10;

/** Login is always made with role 1; SMS variants use type 7 (password + code) or 8 (code only). */
export const LOGIN_ROLE = 1;
export const LOGIN_TYPE_PASSWORD_SMS = 7;
export const LOGIN_TYPE_SMS = 8;

/** Body-level response codes. */
export const RESPONSE_OK = 0;
export const RESPONSE_ERROR = -1;
/** Non-zero body codes that must not raise an error toast. */
export const SILENT_BODY_CODES = [7223, 9019, 9053] as const;

/** Table layout heights in pixels. */
export const PAGINATION_HEIGHT = 52;
export const TOOLBAR_HEIGHT = 42;

/** Code editor. */
export const CODE_INDENT = 4;
export const CODE_LANGUAGES = [
  { id: 'java', label: 'java' },
  { id: 'javascript', label: 'JavaScript' },
  { id: 'c', label: 'c' },
  { id: 'cpp', label: 'c++' },
  { id: 'python', label: 'python' },
  { id: 'bash', label: 'bash' },
] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number]['id'];
export const DEFAULT_CODE_LANGUAGE: CodeLanguage = 'java';

export function isCodeLanguage(value: unknown): value is CodeLanguage {
  return typeof value === 'string' && CODE_LANGUAGES.some((language) => language.id === value);
}

/** The fixed default Java template (spec §5), indented with CODE_INDENT spaces. */
export const DEFAULT_JAVA_TEMPLATE = [
  'import java.util.Scanner;',
  '',
  'public class Main {',
  '    public static void main(String[] args) {',
  '        Scanner scanner = new Scanner(System.in);',
  '        while (scanner.hasNextLine()) {',
  '            String line = scanner.nextLine();',
  '            System.out.println(line);',
  '        }',
  '        scanner.close();',
  '    }',
  '}',
  '',
].join('\n');

/** Fixed interface texts. */
export const COPYRIGHT_YEARS = '2020-2024';
export const PERMISSION_WARNING = '您没有权限访问！,系统会跳到首页';
export const NO_MESSAGES = '暂无消息';
export const LOADING_TEXT = '加载中....';
