import { toast } from '../../../lib/feedback';

/** Copies a link, or says to copy it by hand when the clipboard is out of reach. */
export async function copyText(text: string, done = '链接已复制'): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.warning('无法访问剪贴板，请手动复制链接');
  }
}
