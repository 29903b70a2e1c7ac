/** Customer editions (spec §1): each changes name, logo, slogan, favicon, theme colour and possibly title. */

export type Edition = 'saas' | 'bank' | 'engineer' | 'career' | 'college';

export interface EditionConfig {
  readonly key: Edition;
  readonly displayName: string;
  readonly slogan: string;
  /** Public asset path served by the web app. */
  readonly logo: string;
  readonly favicon: string;
  /** Document title. */
  readonly pageTitle: string;
  /** antd `colorPrimary`. */
  readonly primaryColor: string;
  readonly homePath: '/home' | '/college';
}

export const EDITION_KEYS: readonly Edition[] = ['saas', 'bank', 'engineer', 'career', 'college'];

export const DEFAULT_EDITION: Edition = 'saas';

export const EDITIONS: Readonly<Record<Edition, EditionConfig>> = {
  saas: {
    key: 'saas',
    displayName: '考培',
    slogan: '一站式人才测评与培训平台',
    logo: '/editions/saas.svg',
    favicon: '/editions/saas-favicon.svg',
    pageTitle: '考培 - 人才测评与培训平台',
    primaryColor: '#1677ff',
    homePath: '/home',
  },
  bank: {
    key: 'bank',
    displayName: '考培·金融版',
    slogan: '银行员工培训与资格认证平台',
    logo: '/editions/bank.svg',
    favicon: '/editions/bank-favicon.svg',
    pageTitle: '考培·金融版 - 银行员工培训与认证平台',
    primaryColor: '#c41d2f',
    homePath: '/home',
  },
  engineer: {
    key: 'engineer',
    displayName: '考培·工程师学院',
    slogan: '工程师技能培训与能力认证',
    logo: '/editions/engineer.svg',
    favicon: '/editions/engineer-favicon.svg',
    pageTitle: '工程师培训与认证中心',
    primaryColor: '#fa8c16',
    homePath: '/home',
  },
  career: {
    key: 'career',
    displayName: '考培·职业发展',
    slogan: '职业测评、规划与就业服务平台',
    logo: '/editions/career.svg',
    favicon: '/editions/career-favicon.svg',
    pageTitle: '考培·职业发展 - 职业发展服务平台',
    primaryColor: '#722ed1',
    homePath: '/home',
  },
  college: {
    key: 'college',
    displayName: '考培·高校版',
    slogan: '高校教学、考试与就业一体化平台',
    logo: '/editions/college.svg',
    favicon: '/editions/college-favicon.svg',
    pageTitle: '考培·高校版 - 高校教学与考试平台',
    primaryColor: '#389e0d',
    homePath: '/college',
  },
};

export function isEdition(value: unknown): value is Edition {
  return typeof value === 'string' && (EDITION_KEYS as readonly string[]).includes(value);
}

/**
 * Reads an edition from configuration (an environment variable, say). Missing or empty means 'saas';
 * surrounding whitespace and letter case are ignored; anything else is a configuration mistake and throws.
 */
export function parseEdition(value: string | undefined): Edition {
  const normalized = value?.trim().toLowerCase() ?? '';
  if (normalized === '') return DEFAULT_EDITION;
  if (isEdition(normalized)) return normalized;
  throw new Error(`Unknown edition "${value}"; expected one of: ${EDITION_KEYS.join(', ')}`);
}
