import type { FormRule } from 'antd';
import type { FormInstance, RuleObject } from 'antd/es/form';

/** A field's custom validator as the form calls it. */
export type Validator = (rule: RuleObject, value: unknown) => Promise<void>;

/**
 * For tests of form rules: the first custom validator among a field's rules, as the form would call it
 * (rule functions are given `form`).
 */
export function validatorOf(rules: readonly FormRule[], form: Partial<FormInstance> = {}): Validator {
  for (const rule of rules) {
    const resolved = typeof rule === 'function' ? rule(form as FormInstance) : rule;
    if (resolved.validator) return resolved.validator as Validator;
  }
  throw new Error('no validator');
}
