/**
 * The sign-in page's own small form parts (issue 14 point 8: the page loads no antd Form, Input, Card,
 * Tabs or Typography). A field is a labelled input whose error sits under it, linked by
 * aria-describedby and marked aria-invalid; a form validates on submit (focusing the first wrong field)
 * and each field again as it changes.
 */
import { useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';

/** A field's check: the message to show, or null when the value is acceptable. */
export type FieldRule = (value: string) => string | null;

/** `required` and an optional pattern, both with the same message (as the sign-in forms ask). */
export function requiredRule(message: string, pattern?: RegExp, patternMessage = message): FieldRule {
  return (value) => {
    if (value.trim() === '') return message;
    if (pattern && !pattern.test(value.trim())) return patternMessage;
    return null;
  };
}

/** Values, errors and validation of a small form; `idPrefix` makes the inputs' ids. */
export function useLoginFields<K extends string>(idPrefix: string, rules: Record<K, FieldRule>) {
  const names = Object.keys(rules) as K[];
  const [values, setValues] = useState(
    () => Object.fromEntries(names.map((n) => [n, ''])) as Record<K, string>,
  );
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const latest = useRef(values);
  latest.current = values;

  const idOf = (name: K) => `${idPrefix}-${name}`;
  const change = (name: K, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: rules[name](value) ?? undefined }));
  };
  /** Checks `only` (default every field); shows the errors, focuses the first wrong field. */
  const validate = (only: readonly K[] = names): Record<K, string> | null => {
    const found: Partial<Record<K, string>> = {};
    for (const name of only) {
      const message = rules[name](latest.current[name]);
      if (message) found[name] = message;
    }
    setErrors((current) => {
      const next = { ...current };
      for (const name of only) next[name] = found[name];
      return next;
    });
    const first = only.find((name) => found[name]);
    if (first === undefined) return latest.current;
    document.getElementById(idOf(first))?.focus();
    return null;
  };
  /** Props of the field `name`. */
  const field = (name: K) => ({
    id: idOf(name),
    value: values[name],
    error: errors[name],
    onValueChange: (value: string) => change(name, value),
  });
  return { values, validate, field };
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'prefix'>;

export interface FieldProps extends InputProps {
  id: string;
  label: string;
  value: string;
  error?: string;
  onValueChange: (value: string) => void;
  icon?: ReactNode;
  /** Shown right of the input (e.g. 获取验证码). */
  addon?: ReactNode;
  /** Inside the input's box, after it (e.g. the password's show/hide). */
  suffix?: ReactNode;
}

/** A labelled input with a leading icon and its error below. */
export function LoginField({
  id,
  label,
  value,
  error,
  onValueChange,
  icon,
  addon,
  suffix,
  ...input
}: FieldProps): ReactNode {
  const errorId = `${id}-error`;
  return (
    <div className="kp-field">
      <label htmlFor={id} className="kp-field__label">
        {label}
      </label>
      <div className="kp-field__row">
        <div className={error ? 'kp-field__box kp-field__box--error' : 'kp-field__box'}>
          {icon ? (
            <span className="kp-field__icon" aria-hidden="true">
              {icon}
            </span>
          ) : null}
          <input
            {...input}
            id={id}
            value={value}
            onChange={(event) => onValueChange(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="kp-field__input"
          />
          {suffix}
        </div>
        {addon}
      </div>
      {error ? (
        <div id={errorId} className="kp-field__error">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** The password field, with a button that shows or hides what was typed. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'suffix'>): ReactNode {
  const [visible, setVisible] = useState(false);
  return (
    <LoginField
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className="kp-field__toggle"
          aria-label={visible ? '隐藏密码' : '显示密码'}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <EyeOutlined aria-hidden="true" /> : <EyeInvisibleOutlined aria-hidden="true" />}
        </button>
      }
    />
  );
}

/** A boxed message: the signed-in notice, the sign-in error, the demo accounts. */
export function LoginNotice({
  tone,
  icon,
  title,
  children,
  className,
  role,
  testId,
}: {
  tone: 'success' | 'error' | 'info';
  icon?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  className?: string;
  role?: 'alert' | 'status';
  testId?: string;
}): ReactNode {
  return (
    <div
      className={`kp-notice kp-notice--${tone}${className ? ` ${className}` : ''}`}
      role={role}
      data-testid={testId}
    >
      {icon ? (
        <span className="kp-notice__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <div>
        <div className={children ? 'kp-notice__title kp-notice__title--strong' : 'kp-notice__title'}>
          {title}
        </div>
        {children ? <div className="kp-notice__body">{children}</div> : null}
      </div>
    </div>
  );
}
