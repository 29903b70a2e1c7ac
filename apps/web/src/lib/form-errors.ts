/**
 * A save's refusal shown under the field it concerns (issue 14 point 7): the server names the request
 * field in the envelope (`field`: 'account', 'options.2.content'); a form's save call asks for no toast
 * in that case (`FORM_ERRORS`) and hands the error to `showErrorOnForm`.
 */
import type { FormInstance } from 'antd';
import { toast } from './feedback';
import { ApiError, type HttpRequestConfig } from './http';

type NamePath = (string | number)[];

/** Request config of a form's save call. */
export const FORM_ERRORS: HttpRequestConfig = { kpFieldErrors: true };

/** The form's name of a request field: `names` maps those the form names differently; else the path. */
export function formNameOf(field: string, names: Readonly<Record<string, string | NamePath>> = {}): NamePath {
  const mapped = names[field] ?? names[field.split('.')[0] ?? ''];
  if (mapped !== undefined) return typeof mapped === 'string' ? [mapped] : mapped;
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** Whether the form has a field registered under `name` (an unknown name would be set silently). */
function hasField(form: FormInstance, name: NamePath): boolean {
  return Object.keys(form.getFieldsValue([name], (meta) => Boolean(meta)) as object).length > 0;
}

/**
 * Puts a failed save's message under its field and scrolls there; returns whether it did. A refusal the
 * form cannot place (no field, or one the form does not show) is toasted instead, unless already toasted.
 */
export function showErrorOnForm(
  form: FormInstance,
  error: unknown,
  names?: Readonly<Record<string, string | NamePath>>,
): boolean {
  if (!(error instanceof ApiError) || !error.field) return false;
  const name = formNameOf(error.field, names);
  if (!hasField(form, name)) {
    toast.error(error.message);
    return false;
  }
  form.setFields([{ name, errors: [error.message] }]);
  form.scrollToField(name, { block: 'center', behavior: 'smooth' });
  return true;
}
