import { showToast } from '../../ui/toasts';

/**
 * Copies the guest's text and says whether it worked. The Clipboard API needs a secure page and may be
 * refused; the guest is then told to copy it by hand rather than believing it was copied.
 */
export async function copyText(text: string, messages: { copied: string; failed: string }): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('No clipboard');
    await navigator.clipboard.writeText(text);
    showToast({ text: messages.copied, tone: 'success' });
    return true;
  } catch {
    showToast({ text: messages.failed, tone: 'warning' });
    return false;
  }
}
